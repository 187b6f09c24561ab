"""A control in the program's own screen and loop (``a11y_control_*``): the program draws its
lines and gives it keys, focus and blur; the control speaks, shows itself on the braille display
and follows the user's screen reader itself, as a11y-demo does."""

from __future__ import annotations

import ctypes
from typing import List, Literal, NamedTuple, Optional, Tuple, Union

from . import _library
from ._handle import OwnedHandle
from .errors import OptionError

#: What a control tells its program.
EventKind = Literal["changed", "accepted", "cancelled"]

_KINDS = {
    _library.EVENT_CHANGED: "changed",
    _library.EVENT_ACCEPTED: "accepted",
    _library.EVENT_CANCELLED: "cancelled",
}


class ControlEvent(NamedTuple):
    """One event: ``kind`` is "changed" (the user changed the value), "accepted" (Enter) or
    "cancelled" (Escape, Ctrl-C, ``--timeout``); ``values`` the values then (empty when
    cancelled). After "accepted" and "cancelled" the control no longer has the focus."""

    kind: EventKind
    values: Tuple[float, ...]


class Control(OwnedHandle):
    """A range slider or a stepper in the program's own screen.

    ``Control("range", "--label", "Price", columns=60)`` takes a11y-demo's arguments, the
    subcommand first, checked as a11y-demo checks them (``OptionError`` for a bad one). Nothing
    is said or shown until ``focus()``.

    - ``focus()`` introduces it and takes the braille display (BRLTTY keeps the keys the control
      does not use); ``blur()`` gives the display back at once and cuts stale speech short.
    - ``key("right")``, ``key("shift+tab")``, ``key("+")``: keys by name, as frameworks deliver
      them (``OptionError`` for a name that names no key); ``feed(b"\\x1b[C")``: bytes as the
      terminal sent them. Without the focus both raise ``NotFocusedError``.
    - ``fileno()`` for the program's loop (``select``, ``selectors``, asyncio's ``add_reader``):
      when it is readable, or ``timeout`` seconds have passed (None: never), call
      ``handle_ready()``: it handles braille keys, the servers' news and timers.
    - ``lines``, ``styled_lines`` and ``cursor``: what to draw and where the cursor goes;
      ``mouse("left", "press", column, row)``: the mouse, placed on those lines.
    - ``events()``: what happened since the last call.

    Use it as a context manager, or call ``close()``; a program that exits without closing still
    gives the display back.
    """

    _free = "a11y_control_free"
    _noun = "control"

    def __init__(self, *arguments: str, columns: int = 80) -> None:
        library = _library.load()
        if not arguments:
            raise OptionError("Control() needs \"range\" or \"stepper\" first")
        array = _library.strings(list(arguments), "Control() arguments")
        self._own(library)
        handle = library.a11y_control_new(array, _columns(columns))
        if not handle:
            # Bad arguments, or not one range or stepper: the library says which.
            raise OptionError(_library.last_error())
        self._handle = handle

    # -- focus -----------------------------------------------------------------------------

    def focus(self) -> None:
        """Gives the control the focus: it introduces itself and takes the braille display.
        ``ServerUnavailableError`` when a server asked for with ``--speech on`` or ``--braille on``
        cannot be reached."""
        with self._lock:
            _library.check(self._library.a11y_control_focus(self._live()))

    def blur(self) -> None:
        """Takes the focus away: the display goes back to BRLTTY, stale speech stops."""
        with self._lock:
            _library.check(self._library.a11y_control_blur(self._live()))

    @property
    def focused(self) -> bool:
        """True while the control has the focus."""
        with self._lock:
            return bool(_library.check(self._library.a11y_control_is_focused(self._live())))

    # -- keys ------------------------------------------------------------------------------

    def key(self, name: str) -> None:
        """A key by name: "right", "shift+tab", "ctrl+a", "+", "pageup", "enter", "escape"."""
        if not isinstance(name, str):
            raise TypeError("key() takes a key name, not %s" % type(name).__name__)
        if "\0" in name:
            raise OptionError("Error: a key name has no NUL character")
        with self._lock:
            _library.check(self._library.a11y_control_key(self._live(), name.encode("utf-8")))

    def feed(self, data: Union[bytes, bytearray, memoryview, str]) -> None:
        """Bytes as the terminal sent them (a str is sent as UTF-8)."""
        if isinstance(data, str):
            data = data.encode("utf-8")
        if not isinstance(data, (bytes, bytearray, memoryview)):
            raise TypeError("feed() takes bytes, not %s" % type(data).__name__)
        raw = bytes(data)
        with self._lock:
            _library.check(self._library.a11y_control_feed_bytes(self._live(), raw, len(raw)))

    def mouse(self, button: str, kind: str, column: int, row: int) -> None:
        """A mouse report placed on the control's ``lines`` (column and row from 0, where they
        were drawn): ``button`` "left", "middle", "right", "wheelup" or "wheeldown"; ``kind``
        "press", "drag" or "release". A press on the track moves the nearest handle there."""
        for name, value in (("button", button), ("kind", kind)):
            if not isinstance(value, str):
                raise TypeError("mouse() %s must be a str, not %s" % (name, type(value).__name__))
        for name, number in (("column", column), ("row", row)):
            if isinstance(number, bool) or not isinstance(number, int):
                raise TypeError("mouse() %s must be an int, not %s" % (name, type(number).__name__))
            if not 0 <= number < 10000:
                raise ValueError("mouse() %s must be 0 to 9999, not %d" % (name, number))
        with self._lock:
            _library.check(self._library.a11y_control_mouse(self._live(), button.encode("utf-8", "replace"),
                                                            kind.encode("utf-8", "replace"), column, row))

    # -- the program's loop ----------------------------------------------------------------

    def fileno(self) -> int:
        """The descriptor to watch for reading; it stays the same for the control's life."""
        with self._lock:
            return int(self._library.a11y_control_fd(self._live()))

    @property
    def timeout(self) -> Optional[float]:
        """Seconds until ``handle_ready()`` is due even without the descriptor readable; None
        when nothing is due (an idle control never wakes the loop)."""
        with self._lock:
            milliseconds = int(self._library.a11y_control_timeout_ms(self._live()))
        return None if milliseconds < 0 else milliseconds / 1000.0

    def handle_ready(self) -> None:
        """Handles braille keys, the servers' news and what is due."""
        with self._lock:
            _library.check(self._library.a11y_control_handle_ready(self._live()))

    def events(self) -> List[ControlEvent]:
        """The events since the last call, oldest first."""
        found: List[ControlEvent] = []
        values = (ctypes.c_double * 2)()
        with self._lock:
            while True:
                kind = _library.check(self._library.a11y_control_next_event(self._live(), values, 2))
                if kind == _library.EVENT_NONE:
                    return found
                count = 0 if kind == _library.EVENT_CANCELLED else self._count()
                found.append(ControlEvent(_KINDS[kind], tuple(values[:count])))  # type: ignore[arg-type]

    def _count(self) -> int:
        return int(_library.check(self._library.a11y_control_values(self._live(), None, 0)))

    # -- drawing ---------------------------------------------------------------------------

    def resize(self, columns: int) -> None:
        """Draws the lines ``columns`` wide from now on (1...10000)."""
        with self._lock:
            _library.check(self._library.a11y_control_resize(self._live(), _columns(columns)))

    @property
    def lines(self) -> List[str]:
        """The lines to draw, plain text, none wider than the columns."""
        with self._lock:
            return _library.take(self._library.a11y_control_lines(self._live(), 0)).splitlines()

    @property
    def styled_lines(self) -> List[str]:
        """The lines with SGR styling, each reset at its end."""
        with self._lock:
            return _library.take(self._library.a11y_control_lines(self._live(), 1)).splitlines()

    @property
    def cursor(self) -> Tuple[int, int]:
        """Where the terminal's cursor belongs in the lines: (row, column), from 0."""
        row, column = ctypes.c_int(), ctypes.c_int()
        with self._lock:
            _library.check(self._library.a11y_control_cursor(self._live(), ctypes.byref(row), ctypes.byref(column)))
        return row.value, column.value

    @property
    def values(self) -> Tuple[float, ...]:
        """The values now: (lower, upper) for a range, (value,) for a stepper."""
        values = (ctypes.c_double * 2)()
        with self._lock:
            count = _library.check(self._library.a11y_control_values(self._live(), values, 2))
        return tuple(values[:count])


def _columns(columns: int) -> int:
    if isinstance(columns, bool) or not isinstance(columns, int):
        raise TypeError("columns must be an int, not %s" % type(columns).__name__)
    if not 1 <= columns <= 10000:
        raise ValueError("columns must be 1 to 10000, not %d" % columns)
    return columns
