"""The exceptions of a11y_controls.

Every failure of the C library becomes one of these, with the library's own one-line message
(``Error: The value 'x' is invalid for '--min <n>': not a number``). Wrong Python types raise
the built-in ``TypeError`` before the library is called.
"""

from __future__ import annotations

__all__ = [
    "A11yError",
    "LibraryNotFoundError",
    "OptionError",
    "WrongControlError",
    "ServerUnavailableError",
    "TerminalError",
    "ControlFinishedError",
]


class A11yError(Exception):
    """Something a11y-controls refused or could not do; ``str(error)`` is one line."""


class LibraryNotFoundError(A11yError, OSError):
    """liba11y-controls.so was not found, or could not be loaded, or is not a version this
    package can use. The message lists where it was looked for."""


class OptionError(A11yError, ValueError):
    """A bad option: an unknown name, a value the option does not take, options that exclude
    each other, or a bad preferences file (A11Y_ERROR_INVALID_ARGUMENT)."""


class WrongControlError(OptionError):
    """Options of one control given to another (A11Y_ERROR_WRONG_CONTROL)."""


class ServerUnavailableError(A11yError):
    """``speech="on"`` or ``braille="on"`` was asked for and the server cannot be reached
    (A11Y_ERROR_SERVER_UNAVAILABLE)."""


class TerminalError(A11yError):
    """The terminal could not be set up for a modal control (A11Y_ERROR_TERMINAL)."""


class ControlFinishedError(A11yError):
    """An engine was fed after its control had ended (A11Y_ERROR_FINISHED)."""


class NotFocusedError(A11yError):
    """A key was given to a ``Control`` that does not have the focus (A11Y_ERROR_NOT_FOCUSED)."""
