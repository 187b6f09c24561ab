"""The event-fed engine: keys in, what to say, braille and screen out, without any I/O."""

from __future__ import annotations

import math
import threading

import pytest

import a11y_controls
from a11y_controls import ControlFinishedError, Engine, OptionError


def test_a_stepper_speaks_brailles_and_accepts() -> None:
    with Engine("stepper", "--value", "3", "--label", "Copies") as engine:
        assert engine.take_speech().startswith("Copies, spin button, 3, from 1 to 99")
        assert engine.take_speech() == ""
        assert engine.outcome is None
        assert engine.feed(b"++") is None
        assert engine.take_speech() == "4\n5\n"
        assert engine.braille.startswith("Copies 5")
        assert "5" in engine.screen(60)
        assert engine.values == (5.0,)
        assert engine.feed_braille("LNDN") is None
        assert engine.values == (4.0,)
        assert engine.next_deadline is None
        assert engine.feed(b"\r") == "accepted"
        assert engine.outcome == "accepted"
        assert engine.result_line == "4"
        assert engine.take_speech() == "4\n4, accepted\n"   # LNDN, then Enter
        with pytest.raises(ControlFinishedError, match="already ended"):
            engine.feed(b"+")


def test_a_range_slider_moves_switches_handles_and_cancels() -> None:
    engine = Engine("range", "--label", "Price")
    assert engine.values == (10.0, 90.0)
    speech = engine.take_speech()
    assert speech.startswith("Price, range slider, 10 to 90, of 0 to 100")
    engine.feed(b"\x1b[C")                           # Right
    assert engine.take_speech() == "11\n"
    engine.feed("\t")                                # a str is sent as UTF-8
    assert engine.take_speech().startswith("upper")
    engine.feed(b"\x1b[D")                           # Left
    assert engine.values == (11.0, 89.0)
    assert engine.end_of_input() == "cancelled"
    assert engine.outcome == "cancelled"
    engine.close()


def test_the_showcase_has_both_controls() -> None:
    with Engine() as engine:
        assert engine.values == (10.0, 90.0, 1.0)
        assert engine.take_speech().startswith("Price")


def test_a_single_handle_slider_has_one_value() -> None:
    with Engine("range", "--single", "--value", "30") as engine:
        assert engine.values == (30.0,)
        assert engine.result_line == "30"


def test_braille_routing_and_width() -> None:
    with Engine("range", "--single") as engine:
        assert engine.braille_width == 40
        before = engine.values
        engine.feed_braille("ROUTE", 30)
        assert engine.values != before
        engine.braille_width = 0
        assert engine.braille == ""
        engine.braille_width = 20
        assert 0 < len(engine.braille) <= 20


def test_time_is_the_callers_and_the_timeout_reaches_the_engine() -> None:
    with Engine("range", "--timeout", "2") as engine:
        assert engine.next_deadline == 2
        assert engine.tick(at=1.9) is None
        with pytest.raises(ValueError, match="time went back"):
            engine.tick(at=1.0)
        assert engine.tick(at=2) == "timed out"
        assert engine.values == (10.0, 90.0)


def test_a_clock_of_the_programs_own() -> None:
    now = [100.0]
    with Engine("stepper", "--timeout", "5", clock=lambda: now[0]) as engine:
        now[0] = 104.0
        assert engine.tick() is None
        now[0] = 105.5
        assert engine.tick() == "timed out"


def test_bad_arguments_raise_the_librarys_message() -> None:
    with pytest.raises(OptionError) as error:
        Engine("stepper", "--min", "x")
    assert str(error.value) == "Error: The value 'x' is invalid for '--min <n>': not a number"
    assert isinstance(error.value, ValueError)
    with pytest.raises(OptionError, match="Unknown option '--nope'"):
        Engine("range", "--nope")
    with pytest.raises(OptionError, match="not controls"):
        Engine("--help")
    with pytest.raises(OptionError, match="--rangebox"):
        Engine("--rangebox", "t", "1", "1", "0", "9", "3")


@pytest.mark.parametrize(
    "call, exception",
    [
        (lambda: Engine(1), TypeError),                                   # type: ignore[arg-type]
        (lambda: Engine("stepper", b"--value"), TypeError),               # type: ignore[arg-type]
        (lambda: Engine("stepper", "--label", "a\0b"), ValueError),
        (lambda: Engine("stepper", "--label", "\udcff"), ValueError),
        (lambda: Engine("stepper", clock=3), TypeError),                  # type: ignore[arg-type]
    ],
)
def test_wrong_types_raise_before_the_library_is_called(call, exception) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(exception):
        call()


def test_wrong_types_and_values_on_a_running_engine_raise() -> None:
    with Engine("stepper") as engine:
        for call, exception in [
            (lambda: engine.feed(123), TypeError),                          # type: ignore[arg-type]
            (lambda: engine.feed([43]), TypeError),                         # type: ignore[arg-type]
            (lambda: engine.feed(b"+", at="now"), TypeError),               # type: ignore[arg-type]
            (lambda: engine.feed(b"+", at=math.nan), ValueError),
            (lambda: engine.feed(b"+", at=-1), ValueError),
            (lambda: engine.feed_braille(5), TypeError),                    # type: ignore[arg-type]
            (lambda: engine.feed_braille("ROUTE", 1.5), TypeError),         # type: ignore[arg-type]
            (lambda: engine.feed_braille("ROUTE", 2**40), ValueError),
            (lambda: engine.feed_braille("ROUTE", -1), OptionError),
            (lambda: engine.feed_braille("no such; thing"), OptionError),
            (lambda: engine.screen(0), ValueError),
            (lambda: engine.screen("80"), TypeError),                       # type: ignore[arg-type]
            (lambda: setattr(engine, "braille_width", -1), ValueError),
            (lambda: setattr(engine, "braille_width", 1001), ValueError),
            (lambda: setattr(engine, "braille_width", "40"), TypeError),
        ]:
            with pytest.raises(exception):
                call()
        # Nothing half-done: the stepper is untouched by the refused calls.
        assert engine.values == (1.0,)
        assert engine.feed(bytearray(b"+")) is None and engine.feed(memoryview(b"+")) is None
        assert engine.values == (3.0,)


def test_a_closed_engine_raises_and_closing_twice_is_allowed() -> None:
    engine = Engine("stepper")
    engine.close()
    engine.close()
    assert engine.closed
    assert "closed" in repr(engine)
    for call in (engine.take_speech, lambda: engine.feed(b"+"), lambda: engine.values, lambda: engine.braille):
        with pytest.raises(ValueError, match="closed"):
            call()


def test_one_engine_from_several_threads_waits_its_turn() -> None:
    with Engine("stepper", "--max", "100000") as engine:
        def press() -> None:
            for _ in range(200):
                engine.feed(b"+")
                engine.take_speech()
        threads = [threading.Thread(target=press) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert engine.values == (801.0,)


def test_many_engines_come_and_go() -> None:
    for index in range(300):
        engine = Engine("stepper", "--value", str(index % 50 + 1))
        engine.feed(b"+")
        del engine
    assert a11y_controls.library_version() == "0.1.0"


def test_mouse_reports_land_where_the_program_drew_the_screen() -> None:
    with Engine("stepper", "--value", "3", "--label", "Copies") as engine:
        engine.take_speech()
        lines = engine.screen(80).splitlines()
        plus = next(index for index, text in enumerate(lines) if text.strip() == "+")
        column = lines[plus].index("+") + 1
        engine.set_screen_origin(5)                      # the screen's first line on row 5
        row = 5 + plus
        # Where the + is when the screen starts on row 1: now above the screen, nothing happens.
        engine.feed(b"\x1b[<0;%d;%dM\x1b[<0;%d;%dm" % (column, plus + 1, column, plus + 1), at=1)
        assert engine.values == (3.0,)
        assert engine.take_speech() == ""
        engine.feed(b"\x1b[<0;%d;%dM" % (column, row), at=2)        # a left press on the +
        assert engine.values == (4.0,)
        assert engine.take_speech() == "4\n"
        assert engine.next_deadline == 2.5                          # held: repeats after 0.5 s
        engine.tick(at=2.5)
        assert engine.values == (5.0,)
        engine.feed(b"\x1b[<0;%d;%dm" % (column, row), at=2.7)      # the release ends it
        assert engine.next_deadline is None
        assert engine.take_speech() == "5\n"
        engine.feed(b"\x1b[<65;1;1M", at=3)                         # the wheel, towards the user
        assert engine.values == (4.0,)


def test_a_mouse_press_focuses_a_control_of_the_showcase() -> None:
    with Engine() as engine:
        engine.take_speech()
        lines = engine.screen(80).splitlines()
        plus = next(index for index, text in enumerate(lines) if text.strip() == "+")
        engine.set_screen_origin(20)
        engine.feed(b"\x1b[<0;3;%dM\x1b[<0;3;%dm" % (20 + plus, 20 + plus), at=1)
        assert engine.values == (10.0, 90.0, 2.0)
        assert engine.take_speech().startswith("Quantity, spin button, 2")


def test_a_press_on_the_drawn_track_moves_the_nearest_handle() -> None:
    with Engine("range", "--label", "Price") as engine:
        engine.take_speech()
        track = engine.screen(60).splitlines()[1]
        assert track.startswith("10 -") and track.endswith(" 90")
        first, last = track.index("-"), track.rindex("-")
        middle = (first + last) // 2 + 1                 # the column (from 1) half way along the track
        engine.set_screen_origin(3)                      # the track on row 4
        engine.feed(b"\x1b[<0;%d;4M\x1b[<0;%d;4m" % (middle, middle), at=1)
        lower, upper = engine.values
        assert lower == 10.0 and 45.0 <= upper <= 55.0
        assert engine.take_speech().startswith("upper, horizontal slider, ")


@pytest.mark.parametrize("row, exception", [(0, ValueError), (10001, ValueError), (True, TypeError), ("5", TypeError)])
def test_a_screen_origin_out_of_range_raises(row: object, exception: type) -> None:
    with Engine("stepper") as engine:
        with pytest.raises(exception):
            engine.set_screen_origin(row)  # type: ignore[arg-type]
        engine.set_screen_origin(10000)
