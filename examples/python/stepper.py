#!/usr/bin/python3
"""The C API of a11y-controls from Python, through ctypes (include/a11y_controls.h).

    stepper.py [OPTIONS...]           a stepper, modally (a11y-demo's stepper OPTIONS); prints
                                      the value on Enter
    stepper.py --engine [OPTIONS...]  the same stepper fed by this program: keys from standard
                                      input, what to say and the braille line printed as they come

The library is found as liba11y-controls.so (ld.so's path, or A11Y_CONTROLS_LIBRARY).
Exit status: 0 accepted, 1 cancelled, 2 an error (the message on stderr).
"""
import ctypes
import os
import sys
import time

ACCEPTED = 1

lib = ctypes.CDLL(os.environ.get("A11Y_CONTROLS_LIBRARY", "liba11y-controls.so"))
lib.a11y_last_error.restype = ctypes.c_char_p
lib.a11y_free.argtypes = [ctypes.c_void_p]
lib.a11y_stepper_run.argtypes = [ctypes.POINTER(ctypes.c_char_p), ctypes.POINTER(ctypes.c_double)]
lib.a11y_engine_new.restype = ctypes.c_void_p
lib.a11y_engine_new.argtypes = [ctypes.POINTER(ctypes.c_char_p)]
lib.a11y_engine_free.argtypes = [ctypes.c_void_p]
lib.a11y_engine_feed_bytes.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t, ctypes.c_double]
lib.a11y_engine_end_of_input.argtypes = [ctypes.c_void_p, ctypes.c_double]
for name in ("a11y_engine_take_speech", "a11y_engine_braille", "a11y_engine_result_line"):
    getattr(lib, name).restype = ctypes.c_void_p   # a pointer we free, not a Python bytes copy
    getattr(lib, name).argtypes = [ctypes.c_void_p]


def strings(words):
    """A NULL-terminated char *[] for the library."""
    array = (ctypes.c_char_p * (len(words) + 1))()
    array[:-1] = [w.encode() for w in words]
    array[-1] = None
    return array


def take(pointer):
    """The text of a string the library returned, freed."""
    if not pointer:
        raise RuntimeError(lib.a11y_last_error().decode())
    text = ctypes.string_at(pointer).decode()
    lib.a11y_free(pointer)
    return text


def fail():
    print(lib.a11y_last_error().decode(), file=sys.stderr)
    return 2


def run_engine(options):
    engine = lib.a11y_engine_new(strings(["stepper"] + options))
    if not engine:
        return fail()
    try:
        start = time.monotonic()
        for line in take(lib.a11y_engine_take_speech(engine)).splitlines():
            print("say:", line)
        outcome = 0
        while outcome == 0:
            data = os.read(0, 256)
            if data:
                outcome = lib.a11y_engine_feed_bytes(engine, data, len(data), time.monotonic() - start)
            else:
                outcome = lib.a11y_engine_end_of_input(engine, time.monotonic() - start)
            if outcome < 0:
                return fail()
            for line in take(lib.a11y_engine_take_speech(engine)).splitlines():
                print("say:", line)
            print("braille:", take(lib.a11y_engine_braille(engine)))
        if outcome == ACCEPTED:
            print(take(lib.a11y_engine_result_line(engine)))
        return 0 if outcome == ACCEPTED else 1
    finally:
        lib.a11y_engine_free(engine)


def main(arguments):
    if arguments[:1] == ["--engine"]:
        return run_engine(arguments[1:])
    value = ctypes.c_double()
    outcome = lib.a11y_stepper_run(strings(arguments), ctypes.byref(value))
    if outcome < 0:
        return fail()
    if outcome != ACCEPTED:
        return 1
    print("%g" % value.value)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
