"""The event-fed engine (``a11y_engine_*``): a control for a program with its own event loop. It
does no I/O: the program feeds it keys and time, and reads back what to say, what to show in
braille and what to draw."""

from __future__ import annotations

import ctypes
import math
import time
from typing import Callable, Dict, Literal, Optional, Tuple, Union

from . import _library
from ._handle import OwnedHandle
from .errors import OptionError

#: How a control ended, as ``Engine.outcome`` gives it (None while it runs).
Outcome = Literal["accepted", "cancelled", "interrupted", "timed out"]

OUTCOMES: Dict[int, Outcome] = {
    _library.ACCEPTED: "accepted",
    _library.CANCELLED: "cancelled",
    _library.INTERRUPTED: "interrupted",
    _library.TIMED_OUT: "timed out",
}

Bytes = Union[bytes, bytearray, memoryview, str]


class Engine(OwnedHandle):
    """A range slider, a stepper or the showcase of both, fed by the program.

    ``Engine("stepper", "--value", "3", "--label", "Copies")`` takes a11y-demo's arguments, the
    subcommand first (``"range"`` or ``"stepper"``; none: the showcase), checked as a11y-demo
    checks them, with the user's preferences file under them (``OptionError`` for a bad one).
    The engine has already queued its introduction: ``take_speech()`` gives it.

    Times are seconds on ``clock`` (``time.monotonic`` by default), counted from the engine's
    creation; each feeding method also takes an explicit ``at`` (seconds from any origin you
    keep, never going back). Call ``tick()`` at ``next_deadline`` for held keys, the Escape key's
    timeout and ``--timeout``.

    One engine is used from one thread at a time (a lock makes concurrent calls wait). Use it as
    a context manager, or call ``close()``; it is also freed when collected.
    """

    _free = "a11y_engine_free"
    _noun = "engine"

    def __init__(self, *arguments: str, clock: Callable[[], float] = time.monotonic) -> None:
        library = _library.load()
        array = _library.strings(list(arguments), "Engine() arguments")
        if not callable(clock):
            raise TypeError("Engine() clock must be callable, not %s" % type(clock).__name__)
        self._own(library)
        self._clock = clock
        self._start = float(clock())
        self._last = 0.0
        self._width = 40
        handle = library.a11y_engine_new(array if arguments else None)
        if not handle:
            # Bad arguments, help or version, or dialog mode: the library says which.
            raise OptionError(_library.last_error())
        self._handle = handle

    def _seconds(self, at: Optional[float]) -> float:
        if at is None:
            seconds = float(self._clock()) - self._start
            return max(seconds, self._last)
        if isinstance(at, bool) or not isinstance(at, (int, float)):
            raise TypeError("at must be a number of seconds, not %s" % type(at).__name__)
        if not math.isfinite(at) or at < 0:
            raise ValueError("at must be a finite number of seconds >= 0, not %r" % (at,))
        if at < self._last:
            raise ValueError("time went back: %r is before %r" % (at, self._last))
        return float(at)

    def _send(self, call: Callable[[int, float], int], at: Optional[float]) -> Optional[Outcome]:
        with self._lock:
            seconds = self._seconds(at)
            code = _library.check(call(self._live(), seconds))
            self._last = seconds
            return OUTCOMES.get(code)

    # -- events ----------------------------------------------------------------------------

    def feed(self, data: Bytes, at: Optional[float] = None) -> Optional[Outcome]:
        """Feeds bytes from the keyboard, as a terminal in raw mode sends them (``b"\\x1b[C"``
        is Right, ``b"\\r"`` Enter; a str is sent as UTF-8). Returns ``outcome``."""
        if isinstance(data, str):
            data = data.encode("utf-8")
        elif isinstance(data, (bytearray, memoryview)):
            data = bytes(data)
        elif not isinstance(data, bytes):
            raise TypeError("feed() takes bytes (or str), not %s" % type(data).__name__)
        buffer = bytes(data)
        return self._send(lambda engine, seconds: self._library.a11y_engine_feed_bytes(engine, buffer, len(buffer), seconds), at)

    def feed_braille(self, command: str, argument: int = 0, at: Optional[float] = None) -> Optional[Outcome]:
        """Feeds a braille display key by BRLTTY's command name: ``"LNUP"``, ``"LNDN"``,
        ``"FWINLT"``, ``"FWINRT"``, ``"ROUTE"`` (``argument``: the cell, from 0), or any name
        ``brltty-lscmds`` lists. Returns ``outcome``."""
        if not isinstance(command, str):
            raise TypeError("feed_braille() command must be a str such as 'LNUP', not %s" % type(command).__name__)
        if isinstance(argument, bool) or not isinstance(argument, int):
            raise TypeError("feed_braille() argument must be an int, not %s" % type(argument).__name__)
        if not -(2**31) <= argument < 2**31:
            raise ValueError("feed_braille() argument out of range: %d" % argument)
        name = _library.strings([command], "feed_braille() command")[0]
        return self._send(lambda engine, seconds: self._library.a11y_engine_feed_braille(engine, name, argument, seconds), at)

    def tick(self, at: Optional[float] = None) -> Optional[Outcome]:
        """Tells the engine that time passed (call it at ``next_deadline``). Returns ``outcome``."""
        return self._send(self._library.a11y_engine_tick, at)

    def end_of_input(self, at: Optional[float] = None) -> Optional[Outcome]:
        """The end of the program's input: cancels unless accepted. Returns ``outcome``."""
        return self._send(self._library.a11y_engine_end_of_input, at)

    def set_screen_origin(self, row: int) -> None:
        """The terminal row (from 1) where the program draws the first line of ``screen()``, so
        that the mouse reports it feeds land on the control. Reports are xterm's SGR encoding
        (``b"\\x1b[<0;3;6M"``: a left press at column 3, row 6; ``...m`` its release), which the
        terminal sends once the program writes ``"\\x1b[?1002h\\x1b[?1006h"`` (and
        ``"\\x1b[?1006l\\x1b[?1002l"`` before it exits). A press on a slider's track (drawn in
        ASCII by ``screen()``) moves the nearest handle there; on a stepper's ``+`` or ``-`` it
        steps, held it repeats until the release. Until this is called, row 1 is the first line.
        1 to 10000."""
        if isinstance(row, bool) or not isinstance(row, int):
            raise TypeError("set_screen_origin() row must be an int, not %s" % type(row).__name__)
        if not 1 <= row <= 10000:
            raise ValueError("set_screen_origin() row must be 1 to 10000, not %d" % row)
        with self._lock:
            _library.check(self._library.a11y_engine_set_screen_origin(self._live(), row))

    # -- what to present -------------------------------------------------------------------

    def take_speech(self) -> str:
        """What to say since the last call, one utterance a line ("" if nothing)."""
        with self._lock:
            return _library.take(self._library.a11y_engine_take_speech(self._live()))

    @property
    def braille(self) -> str:
        """The braille line now, one character a cell: the label and values as text, the track
        as Unicode braille patterns; "" with no display (``braille_width = 0``)."""
        with self._lock:
            return _library.take(self._library.a11y_engine_braille(self._live()))

    def screen(self, columns: int = 80) -> str:
        """The screen now as plain text lines, at ``columns`` (1 to 1000)."""
        if isinstance(columns, bool) or not isinstance(columns, int):
            raise TypeError("screen() columns must be an int, not %s" % type(columns).__name__)
        if not 1 <= columns <= 1000:
            raise ValueError("screen() columns must be 1 to 1000, not %d" % columns)
        with self._lock:
            return _library.take(self._library.a11y_engine_screen(self._live(), columns))

    @property
    def braille_width(self) -> int:
        """The braille display's width in cells (40 by default; 0: no display), 0 to 1000."""
        return self._width

    @braille_width.setter
    def braille_width(self, cells: int) -> None:
        if isinstance(cells, bool) or not isinstance(cells, int):
            raise TypeError("braille_width must be an int, not %s" % type(cells).__name__)
        if not 0 <= cells <= 1000:
            raise ValueError("braille_width must be 0 to 1000 cells, not %d" % cells)
        with self._lock:
            _library.check(self._library.a11y_engine_set_braille_width(self._live(), cells))
            self._width = cells

    # -- state -----------------------------------------------------------------------------

    @property
    def outcome(self) -> Optional[Outcome]:
        """None while the control runs; then "accepted", "cancelled", "interrupted" (Ctrl-C)
        or "timed out" (``--timeout``)."""
        with self._lock:
            return OUTCOMES.get(_library.check(self._library.a11y_engine_outcome(self._live())))

    @property
    def values(self) -> Tuple[float, ...]:
        """The values now: ``(lower, upper)`` for a range slider, ``(value,)`` for a stepper or a
        one-handle slider, ``(lower, upper, value)`` for the showcase."""
        with self._lock:
            engine = self._live()
            count = _library.check(self._library.a11y_engine_values(engine, None, 0))
            array = (ctypes.c_double * max(count, 1))()
            written = _library.check(self._library.a11y_engine_values(engine, array, count))
            return tuple(array[index] for index in range(min(count, written)))

    @property
    def result_line(self) -> str:
        """The values as a11y-demo prints them ("10 90"; a JSON object with ``--json``)."""
        with self._lock:
            return _library.take(self._library.a11y_engine_result_line(self._live()))

    @property
    def next_deadline(self) -> Optional[float]:
        """When to call ``tick()`` next, in the engine's seconds; None when nothing is due."""
        with self._lock:
            deadline = float(self._library.a11y_engine_next_deadline(self._live()))
        return None if deadline < 0 else deadline

    def __repr__(self) -> str:
        if self._handle is None:
            return "<a11y_controls.Engine closed>"
        return "<a11y_controls.Engine values=%r outcome=%r>" % (self.values, self.outcome)

