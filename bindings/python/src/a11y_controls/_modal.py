"""The modal controls: like a dialog, they take the terminal, speech and the braille display until
the user accepts or cancels (``a11y_range_run`` and ``a11y_stepper_run``)."""

from __future__ import annotations

import ctypes
import sys
import threading
from typing import Callable, Iterable, List, Optional, Tuple

from . import _library
from ._options import OptionValue, extra_words, label_words, number_text, option_words

# There is one terminal: the modal controls may not run at the same time.
_terminal = threading.Lock()


#: Calls a11y_range_run or a11y_stepper_run with the library and the option array.
_Call = Callable[[ctypes.CDLL, "ctypes.Array[ctypes.c_char_p]"], int]


def _run(function: str, words: List[str], call: _Call) -> bool:
    """Runs a modal control; True when accepted, False when cancelled or timed out."""
    library = _library.load()
    array = _library.strings(words, "%s() options" % function)
    if not _terminal.acquire(blocking=False):
        raise RuntimeError("%s(): another a11y_controls control is already on the terminal" % function)
    try:
        # What Python has buffered goes out before the control draws.
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (AttributeError, OSError, ValueError):
                pass
        outcome = _library.check(call(library, array))
    finally:
        _terminal.release()
    if outcome == _library.INTERRUPTED:
        raise KeyboardInterrupt
    return outcome == _library.ACCEPTED


def ask_range(
    label: Optional[str] = None,
    *,
    minimum: Optional[float] = None,
    maximum: Optional[float] = None,
    lower: Optional[float] = None,
    upper: Optional[float] = None,
    step: Optional[float] = None,
    single: bool = False,
    options: Iterable[str] = (),
    **more: OptionValue,
) -> Optional[Tuple[float, float]]:
    """Asks for a range on a range slider with two handles (or one, ``single=True``), spoken
    through speech-dispatcher, shown on the braille display and drawn on the terminal.

    Returns ``(lower, upper)`` when the user accepts (Enter); with ``single=True`` both are the
    one value. Returns None when the user cancels (Escape, q, the end of piped input) or
    ``timeout`` seconds pass untouched. Ctrl-C raises ``KeyboardInterrupt``.

    ``label`` names the control ("Price"). ``minimum`` and ``maximum`` bound the track (0 and 100
    by default), ``lower`` and ``upper`` place the handles (10% and 90% of the range above the
    minimum by default), ``step`` snaps values to minimum + k * step. Any other option of
    ``a11y-demo range`` is a keyword, its dashes written as underscores: ``min_distance=5``,
    ``page_step=5``, ``format="currency:EUR"``, ``lower_label="Minimum price"``,
    ``language="de"``, ``speech="on"``, ``timeout=30``, ``hide_labels=True``; ``options`` takes
    option strings as they are (``["--verbosity", "terse"]``). The user's preferences file
    stands under them.

    Raises ``OptionError`` (a ``ValueError``) with the library's message for a bad option,
    ``ServerUnavailableError`` when ``speech="on"`` or ``braille="on"`` and the server is
    missing, ``TerminalError`` when the terminal cannot be used, ``TypeError`` for a value of
    the wrong type.
    """
    words = _numbers("ask_range", minimum=minimum, maximum=maximum, lower=lower, upper=upper, step=step)
    words += label_words(label, "ask_range")
    if not isinstance(single, bool):
        raise TypeError("ask_range() single must be a bool, not %s" % type(single).__name__)
    if single:
        words.append("--single")
    words += option_words(more, "ask_range") + extra_words(options, "ask_range")
    low, high = ctypes.c_double(), ctypes.c_double()
    if not _run("ask_range", words, lambda library, array: int(library.a11y_range_run(array, ctypes.byref(low), ctypes.byref(high)))):
        return None
    return (low.value, high.value)


def ask_number(
    label: Optional[str] = None,
    *,
    value: Optional[float] = None,
    minimum: Optional[float] = None,
    maximum: Optional[float] = None,
    step: Optional[float] = None,
    wraps: bool = False,
    options: Iterable[str] = (),
    **more: OptionValue,
) -> Optional[float]:
    """Asks for a number on a stepper (a spin button), spoken through speech-dispatcher, shown
    on the braille display and drawn on the terminal.

    Returns the number when the user accepts (Enter), None when the user cancels (Escape, q,
    the end of piped input) or ``timeout`` seconds pass untouched. Ctrl-C raises
    ``KeyboardInterrupt``.

    ``label`` names the control ("Copies"). ``value`` is where it starts (1), ``minimum`` and
    ``maximum`` bound it (1 and 99), ``step`` is the change per key (1), ``wraps`` goes on from
    the other end past one. Any other option of ``a11y-demo stepper`` is a keyword, its dashes
    written as underscores: ``wraps=True``, ``no_autorepeat=True``, ``format="unit:kg"``,
    ``language="fr"``, ``speech="on"``, ``timeout=30``; ``options`` takes option strings as they
    are. The user's preferences file stands under them.

    Raises as ``ask_range`` does.
    """
    words = _numbers("ask_number", value=value, minimum=minimum, maximum=maximum, step=step)
    words += label_words(label, "ask_number")
    if not isinstance(wraps, bool):
        raise TypeError("ask_number() wraps must be a bool, not %s" % type(wraps).__name__)
    if wraps:
        words.append("--wraps")
    words += option_words(more, "ask_number") + extra_words(options, "ask_number")
    result = ctypes.c_double()
    if not _run("ask_number", words, lambda library, array: int(library.a11y_stepper_run(array, ctypes.byref(result)))):
        return None
    return result.value


def _numbers(function: str, **numbers: Optional[float]) -> List[str]:
    """The option words of the numeric parameters given (``minimum`` is ``--min``, ``maximum``
    ``--max``); TypeError for a value that is not an int or a float."""
    words: List[str] = []
    for name, value in numbers.items():
        if value is not None:
            option = {"minimum": "--min", "maximum": "--max"}.get(name, "--" + name)
            words += [option, number_text(value, "%s() %s" % (function, name))]
    return words
