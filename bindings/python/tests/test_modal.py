"""ask_range and ask_number as a user meets them: in a terminal (a pseudo-terminal of their own),
keys typed, the values returned, the words spoken by the real speech-dispatcher and the braille
line shown on a virtual display of the real BRLTTY."""

from __future__ import annotations

import pytest

import a11y_controls
from a11y_controls import OptionError
from conftest import run_python

RIGHT = b"\x1b[C"
UP = b"\x1b[A"


def test_ask_number_returns_the_value_spoken_and_brailled(terminal, spoken, display) -> None:  # type: ignore[no-untyped-def]
    run = terminal("ask_number", "Copies", value=3, minimum=1, maximum=20, speech="on", braille="on")
    assert run.wait_for_screen("Copies"), run.screen
    assert spoken.wait_for("Copies, spin button, 3, from 1 to 20")
    run.type(b"++")
    assert display.wait_for("Copies 5"), display.seen()
    run.type(b"\r")
    assert run.finish()["result"] == 5.0
    assert run.status == 0
    # (The capture module may miss an utterance that follows another within milliseconds; the
    # result of accepting is never cut off.)
    assert "5, accepted" in spoken.wait_for("5, accepted")


def test_ask_range_returns_both_handles(terminal, spoken) -> None:  # type: ignore[no-untyped-def]
    run = terminal("ask_range", "Price", minimum=0, maximum=200, step=5, speech="on", braille="off")
    assert run.wait_for_screen("Price"), run.screen
    assert spoken.wait_for("Price, range slider, 20 to 180, of 0 to 200")
    run.type(RIGHT)
    assert spoken.wait_for("25")
    run.type(b"\t")
    assert spoken.wait_for("upper")
    run.type(b"\x1b[6~")                              # Page Down: 10 steps
    assert spoken.wait_for("130")
    run.type(b"\r")
    assert run.finish()["result"] == [25.0, 130.0]
    assert "25 to 130, accepted" in spoken.wait_for("25 to 130, accepted")


def test_one_handle_gives_the_value_twice(terminal) -> None:  # type: ignore[no-untyped-def]
    run = terminal("ask_range", "Volume", single=True, value=40, speech="off", braille="off")
    assert run.wait_for_screen("Volume"), run.screen
    run.type(UP + b"\r")
    assert run.finish()["result"] == [41.0, 41.0]


def test_cancelling_returns_none(terminal, spoken) -> None:  # type: ignore[no-untyped-def]
    run = terminal("ask_number", "Copies", speech="on", braille="off")
    assert run.wait_for_screen("Copies"), run.screen
    run.type(b"+q")
    assert run.finish()["result"] is None
    assert "cancelled" in spoken.wait_for("cancelled")


def test_the_timeout_returns_none(terminal) -> None:  # type: ignore[no-untyped-def]
    run = terminal("ask_number", "Copies", timeout=0.5, speech="off", braille="off")
    assert run.finish()["result"] is None


def test_ctrl_c_raises_keyboard_interrupt(terminal) -> None:  # type: ignore[no-untyped-def]
    run = terminal("ask_range", speech="off", braille="off")
    assert run.wait_for_screen("range"), run.screen
    run.type(b"\x03")
    assert run.finish()["error"] == "KeyboardInterrupt"


def test_the_terminal_is_given_back_and_a_second_control_works_as_the_first(terminal) -> None:  # type: ignore[no-untyped-def]
    quiet = {"speech": "off", "braille": "off"}
    run = terminal(calls=[("ask_number", ["First"], quiet), ("ask_range", ["Second"], quiet)])
    assert run.wait_for_screen("First")
    run.type(b"+\r")
    assert run.wait_for_screen("Second")
    run.type(RIGHT + b"\r")
    report = run.finish()
    assert report["results"] == [2.0, [11.0, 90.0]]
    assert report["cooked"] is True


def test_without_a_terminal_keys_come_from_standard_input(servers) -> None:  # type: ignore[no-untyped-def]
    done = run_python(
        "import a11y_controls; print(a11y_controls.ask_number('Copies', value=7, speech='off', braille='off'))",
        stdin=b"-\r",
    )
    assert (done.returncode, done.stdout) == (0, b"6.0\n"), done.stderr


def test_a_required_server_that_is_missing_raises(servers) -> None:  # type: ignore[no-untyped-def]
    done = run_python(
        "import a11y_controls\n"
        "try:\n"
        "    a11y_controls.ask_number(speech='on', braille='off')\n"
        "except a11y_controls.ServerUnavailableError as error:\n"
        "    print('refused:', error)\n",
        environment={"SPEECHD_ADDRESS": "unix_socket:/nonexistent/speechd.sock"},
        stdin=b"\r",
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(b"refused: Error: ") and b"speech" in done.stdout


@pytest.mark.parametrize(
    "function, kwargs, message",
    [
        ("ask_number", {"step": 0}, "Error: The value '0' is invalid for '--step <n>': must be greater than 0"),
        ("ask_number", {"minimum": 5, "maximum": 1}, "Error: '--min' '5' must be less than '--max' '1'"),
        ("ask_range", {"lower": 50, "upper": 40}, "Error: '--lower' '50' is above '--upper' '40'"),
        ("ask_range", {"nope": 1}, "Error: Unknown option '--nope'"),
        ("ask_range", {"wraps": True}, "Error: '--wraps' is an option of 'stepper', not of 'range'"),
        ("ask_number", {"speech": "loud"}, "Error: The value 'loud' is invalid for '--speech <mode>': expected auto, on or off"),
        ("ask_number", {"options": ["range"]}, "Error: Unexpected argument 'range'"),
    ],
)
def test_bad_options_raise_option_error_with_the_librarys_message(function, kwargs, message) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(OptionError) as error:
        getattr(a11y_controls, function)(**kwargs)
    assert str(error.value) == message
    assert isinstance(error.value, ValueError)


@pytest.mark.parametrize(
    "function, args, kwargs",
    [
        ("ask_number", (), {"minimum": "1"}),
        ("ask_number", (), {"value": True}),
        ("ask_number", (), {"value": [1]}),
        ("ask_number", (3,), {}),
        ("ask_number", (), {"wraps": "yes"}),
        ("ask_range", (), {"single": 1}),
        ("ask_range", (), {"format": ["percent"]}),
        ("ask_range", (), {"options": "--single"}),
        ("ask_range", (), {"options": [b"--single"]}),
    ],
)
def test_wrong_types_raise_type_error(function, args, kwargs) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(TypeError):
        getattr(a11y_controls, function)(*args, **kwargs)


@pytest.mark.parametrize("kwargs", [{"minimum": float("nan")}, {"maximum": float("inf")}, {"label": "a\0b"}])
def test_values_the_library_cannot_take_raise_value_error(kwargs) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError):
        a11y_controls.ask_range(**kwargs)
