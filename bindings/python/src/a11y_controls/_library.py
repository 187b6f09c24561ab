"""Finding, loading and declaring liba11y-controls.so (include/a11y_controls.h) for ctypes.

The library is looked for, in order:

1. ``A11Y_CONTROLS_LIBRARY``: the path of the library (when set, nothing else is tried);
2. the package's ``lib/`` directory, where a wheel built from the repository carries it (with the
   message catalogs in ``share/locale`` beside it, which the library finds from where it is);
3. the package's own directory (where a packager may have put it);
4. ``ctypes.util.find_library("a11y-controls")`` (ld.so's cache, LD_LIBRARY_PATH);
5. the usual library directories: ``<sys.prefix>/lib``, /usr/local/lib, /usr/lib/<multiarch>,
   /usr/lib.

Every function the package calls is declared with its argument and result types, so a wrong
Python value raises ``ctypes.ArgumentError`` instead of reaching C.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import sys
import sysconfig
import threading
from typing import Iterator, List, Optional, Sequence, Tuple

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

#: The environment variable naming the library's path.
LIBRARY_VARIABLE = "A11Y_CONTROLS_LIBRARY"
#: The library's file name.
LIBRARY_FILE = "liba11y-controls.so"
#: The major version of the C API this package is written for.
API_MAJOR = 0

# Outcomes and errors, as the header defines them (tests/test_header.py compares them).
OK = 0
ACCEPTED = 1
CANCELLED = 2
INTERRUPTED = 3
TIMED_OUT = 4
ERROR_NULL_ARGUMENT = -1
ERROR_INVALID_ARGUMENT = -2
ERROR_SERVER_UNAVAILABLE = -3
ERROR_TERMINAL = -4
ERROR_FINISHED = -5
ERROR_WRONG_CONTROL = -6
ERROR_NOT_FOCUSED = -7
EVENT_NONE = 0
EVENT_CHANGED = 1
EVENT_ACCEPTED = 2
EVENT_CANCELLED = 3

_c_char_p_p = ctypes.POINTER(ctypes.c_char_p)
_c_double_p = ctypes.POINTER(ctypes.c_double)

# name: (result type, argument types). Strings the caller frees are c_void_p, not c_char_p (which
# would copy them into bytes and lose the pointer).
_FUNCTIONS = {
    "a11y_version": (ctypes.c_char_p, []),
    "a11y_last_error": (ctypes.c_char_p, []),
    "a11y_free": (None, [ctypes.c_void_p]),
    "a11y_preferences_check": (ctypes.c_int, []),
    "a11y_range_run": (ctypes.c_int, [_c_char_p_p, _c_double_p, _c_double_p]),
    "a11y_stepper_run": (ctypes.c_int, [_c_char_p_p, _c_double_p]),
    "a11y_engine_new": (ctypes.c_void_p, [_c_char_p_p]),
    "a11y_engine_free": (None, [ctypes.c_void_p]),
    "a11y_engine_feed_bytes": (ctypes.c_int, [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t, ctypes.c_double]),
    "a11y_engine_feed_braille": (ctypes.c_int, [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int, ctypes.c_double]),
    "a11y_engine_tick": (ctypes.c_int, [ctypes.c_void_p, ctypes.c_double]),
    "a11y_engine_end_of_input": (ctypes.c_int, [ctypes.c_void_p, ctypes.c_double]),
    "a11y_engine_next_deadline": (ctypes.c_double, [ctypes.c_void_p]),
    "a11y_engine_set_braille_width": (ctypes.c_int, [ctypes.c_void_p, ctypes.c_int]),
    "a11y_engine_set_screen_origin": (ctypes.c_int, [ctypes.c_void_p, ctypes.c_int]),
    "a11y_engine_take_speech": (ctypes.c_void_p, [ctypes.c_void_p]),
    "a11y_engine_braille": (ctypes.c_void_p, [ctypes.c_void_p]),
    "a11y_engine_screen": (ctypes.c_void_p, [ctypes.c_void_p, ctypes.c_int]),
    "a11y_engine_outcome": (ctypes.c_int, [ctypes.c_void_p]),
    "a11y_engine_values": (ctypes.c_int, [ctypes.c_void_p, _c_double_p, ctypes.c_int]),
    "a11y_engine_result_line": (ctypes.c_void_p, [ctypes.c_void_p]),
    "a11y_control_new": (ctypes.c_void_p, [_c_char_p_p, ctypes.c_int]),
    "a11y_control_free": (None, [ctypes.c_void_p]),
    "a11y_control_focus": (ctypes.c_int, [ctypes.c_void_p]),
    "a11y_control_blur": (ctypes.c_int, [ctypes.c_void_p]),
    "a11y_control_is_focused": (ctypes.c_int, [ctypes.c_void_p]),
    "a11y_control_key": (ctypes.c_int, [ctypes.c_void_p, ctypes.c_char_p]),
    "a11y_control_feed_bytes": (ctypes.c_int, [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t]),
    "a11y_control_mouse": (ctypes.c_int, [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_int, ctypes.c_int]),
    "a11y_control_fd": (ctypes.c_int, [ctypes.c_void_p]),
    "a11y_control_timeout_ms": (ctypes.c_int, [ctypes.c_void_p]),
    "a11y_control_handle_ready": (ctypes.c_int, [ctypes.c_void_p]),
    "a11y_control_resize": (ctypes.c_int, [ctypes.c_void_p, ctypes.c_int]),
    "a11y_control_lines": (ctypes.c_void_p, [ctypes.c_void_p, ctypes.c_int]),
    "a11y_control_cursor": (ctypes.c_int, [ctypes.c_void_p, ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_int)]),
    "a11y_control_values": (ctypes.c_int, [ctypes.c_void_p, _c_double_p, ctypes.c_int]),
    "a11y_control_next_event": (ctypes.c_int, [ctypes.c_void_p, _c_double_p, ctypes.c_int]),
}

_loaded: Optional[Tuple[ctypes.CDLL, str]] = None
_loading = threading.Lock()


def _multiarch_directories() -> List[str]:
    multiarch = sysconfig.get_config_var("MULTIARCH")
    directories = []
    for root in ("/usr/lib", "/lib"):
        if multiarch:
            directories.append(os.path.join(root, str(multiarch)))
    return directories


def candidates() -> Iterator[str]:
    """The paths (or ld.so names) tried in turn when A11Y_CONTROLS_LIBRARY is not set."""
    package = os.path.dirname(os.path.abspath(__file__))
    yield os.path.join(package, "lib", LIBRARY_FILE)
    yield os.path.join(package, LIBRARY_FILE)
    found = ctypes.util.find_library("a11y-controls")
    if found:
        yield found
    seen = set()
    for directory in [os.path.join(sys.prefix, "lib"), "/usr/local/lib"] + _multiarch_directories() + ["/usr/lib", "/lib"]:
        if directory not in seen:
            seen.add(directory)
            yield os.path.join(directory, LIBRARY_FILE)


def _declare(library: ctypes.CDLL, path: str) -> ctypes.CDLL:
    for name, (result, arguments) in _FUNCTIONS.items():
        try:
            function = getattr(library, name)
        except AttributeError:
            raise LibraryNotFoundError(
                "%s does not export %s: it is older than this package (a11y-controls %s.x); "
                "install a matching a11y-controls" % (path, name, API_MAJOR)
            ) from None
        function.restype = result
        function.argtypes = arguments
    version = library.a11y_version().decode("utf-8", "replace")
    if version.split(".")[0] != str(API_MAJOR):
        raise LibraryNotFoundError(
            "%s is a11y-controls %s; this package needs version %s.x" % (path, version, API_MAJOR)
        )
    return library


def load() -> ctypes.CDLL:
    """The library, loaded and declared on first use (``LibraryNotFoundError`` when it cannot be)."""
    global _loaded
    with _loading:
        if _loaded is not None:
            return _loaded[0]
        explicit = os.environ.get(LIBRARY_VARIABLE)
        if explicit:
            try:
                library = ctypes.CDLL(explicit)
            except OSError as error:
                raise LibraryNotFoundError("%s=%s cannot be loaded: %s" % (LIBRARY_VARIABLE, explicit, error)) from None
            _loaded = (_declare(library, explicit), explicit)
            return library
        tried = []
        for candidate in candidates():
            if os.sep in candidate and not os.path.exists(candidate):
                tried.append(candidate)
                continue
            try:
                library = ctypes.CDLL(candidate)
            except OSError as error:
                tried.append("%s (%s)" % (candidate, error))
                continue
            _loaded = (_declare(library, candidate), candidate)
            return library
        raise LibraryNotFoundError(
            "%s not found; looked for it in: %s. Install a wheel that carries it (make wheel, or pip install "
            "from the repository's bindings/python), install a11y-controls (the Debian package a11y-controls, "
            "or make install) or set %s to the library's path"
            % (LIBRARY_FILE, ", ".join(tried), LIBRARY_VARIABLE)
        )


def library_path() -> str:
    """Where the library was loaded from (loading it if it was not yet)."""
    load()
    assert _loaded is not None
    return _loaded[1]


def last_error() -> str:
    """The library's message of its last failure ("Error: ...")."""
    message = load().a11y_last_error()
    return message.decode("utf-8", "replace") if message else ""


_EXCEPTIONS = {
    ERROR_INVALID_ARGUMENT: OptionError,
    ERROR_WRONG_CONTROL: WrongControlError,
    ERROR_SERVER_UNAVAILABLE: ServerUnavailableError,
    ERROR_TERMINAL: TerminalError,
    ERROR_FINISHED: ControlFinishedError,
    ERROR_NOT_FOCUSED: NotFocusedError,
}


def check(code: int) -> int:
    """``code`` when it is not an error; otherwise raises the exception for it."""
    if code >= 0:
        return code
    raise _EXCEPTIONS.get(code, A11yError)(last_error())


def strings(words: Sequence[str], what: str) -> "ctypes.Array[ctypes.c_char_p]":
    """A NULL-terminated ``const char *[]`` of ``words`` (which must be str, without NUL)."""
    array = (ctypes.c_char_p * (len(words) + 1))()
    for index, word in enumerate(words):
        if not isinstance(word, str):
            raise TypeError("%s must be strings, not %s (%r)" % (what, type(word).__name__, word))
        if "\0" in word:
            raise ValueError("%s must not contain NUL characters: %r" % (what, word))
        try:
            array[index] = word.encode("utf-8")
        except UnicodeEncodeError as error:
            raise ValueError("%s must be text that UTF-8 can encode: %r (%s)" % (what, word, error)) from None
    array[len(words)] = None
    return array


def take(pointer: Optional[int]) -> str:
    """The text of a string the library returned, freed; raises its error when it is NULL."""
    if not pointer:
        raise A11yError(last_error())
    library = load()
    try:
        return ctypes.string_at(pointer).decode("utf-8", "replace")
    finally:
        library.a11y_free(pointer)
