"""Accessible terminal controls for blind users, from Python.

A range slider and a stepper (a spin button) that speak through speech-dispatcher, show on a
braille display through BRLTTY and draw on the terminal, over the C library liba11y-controls.so
(include/a11y_controls.h) through ctypes.

Modal, like a dialog::

    import a11y_controls
    price = a11y_controls.ask_range("Price", minimum=0, maximum=500, step=5)   # (lower, upper) or None
    copies = a11y_controls.ask_number("Copies", value=1, minimum=1, maximum=20)  # a float or None

Event-fed, for a program with its own loop::

    with a11y_controls.Engine("stepper", "--value", "3", "--label", "Copies") as engine:
        speak(engine.take_speech())        # the introduction
        engine.feed(b"+")                  # keys as the terminal sends them
        speak(engine.take_speech())        # "4"
        show(engine.braille)               # "Copies 4 ..."
        engine.values                      # (4.0,)

The library is found at ``A11Y_CONTROLS_LIBRARY``, in this package's ``lib/`` (where a wheel
carries it) or its own directory, through ``ctypes.util.find_library`` or in the usual library
directories; ``LibraryNotFoundError``
says where it looked. Options are a11y-demo's (``man a11y-demo``); bad ones raise
``OptionError`` with the library's one-line message.
"""

from __future__ import annotations

from ._engine import Engine, Outcome
from ._library import library_path as _library_path
from ._library import load as _load
from ._modal import ask_number, ask_range
from .errors import (
    A11yError,
    ControlFinishedError,
    LibraryNotFoundError,
    OptionError,
    ServerUnavailableError,
    TerminalError,
    WrongControlError,
)

__version__ = "0.1.0"

__all__ = [
    "ask_range",
    "ask_number",
    "Engine",
    "Outcome",
    "library_path",
    "library_version",
    "check_preferences",
    "A11yError",
    "LibraryNotFoundError",
    "OptionError",
    "WrongControlError",
    "ServerUnavailableError",
    "TerminalError",
    "ControlFinishedError",
]


def library_path() -> str:
    """The path (or ld.so name) liba11y-controls.so was loaded from; loads it if needed."""
    return _library_path()


def library_version() -> str:
    """The version of the C library in use ("0.1.0")."""
    version: bytes = _load().a11y_version()
    return version.decode("utf-8", "replace")


def check_preferences() -> None:
    """Checks the user's preferences file (~/.config/a11y-controls/config, or
    A11Y_CONTROLS_CONFIG) as the controls will read it; ``OptionError`` with
    "Error: FILE:LINE: problem" when it is bad."""
    from . import _library

    _library.check(_load().a11y_preferences_check())
