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

In your own screen and loop (Textual, urwid, curses, asyncio): the control speaks and shows
itself on the braille display while it has the focus; you draw its lines::

    control = a11y_controls.Control("range", "--label", "Price", columns=60)
    control.focus()                        # introduces itself, takes the braille display
    loop.add_reader(control.fileno(), control.handle_ready)   # braille keys, servers, timers
    control.key("right")                   # "11" spoken and brailled
    draw(control.lines, control.cursor)    # ["Price: 11 to 90", ...]
    control.events()                       # [ControlEvent("changed", (11.0, 90.0))]
    control.blur()                         # the display goes back to BRLTTY

The library is found at ``A11Y_CONTROLS_LIBRARY``, in this package's ``lib/`` (where a wheel
carries it) or its own directory, through ``ctypes.util.find_library`` or in the usual library
directories; ``LibraryNotFoundError``
says where it looked. Options are a11y-demo's (``man a11y-demo``); bad ones raise
``OptionError`` with the library's one-line message.
"""

from __future__ import annotations

from ._control import Control, ControlEvent
from ._engine import Engine, Outcome
from ._library import library_path as _library_path
from ._library import load as _load
from ._modal import ask_number, ask_range
from .errors import (
    A11yError,
    ControlFinishedError,
    LibraryNotFoundError,
    NotFocusedError,
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
    "Control",
    "ControlEvent",
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
    "NotFocusedError",
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
