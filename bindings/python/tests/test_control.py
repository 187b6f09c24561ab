"""Control: a control in the program's own screen and loop, against the real servers. Focus
introduces it and puts its line on the virtual braille display; a key says the new value and
brailles it and the lines show it; blur gives the display back to BRLTTY and nothing more is
said; keys while blurred are refused; the program's loop (select on ``fileno()`` with
``timeout``) carries braille keys and timers."""

from __future__ import annotations

import select
import time

import pytest

import a11y_controls
from a11y_controls import Control, ControlEvent, NotFocusedError, OptionError
from conftest import wait_until

INTRODUCTION = "Price, range slider, 10 to 90, of 0 to 100. lower, horizontal slider, 10, from 0 to 90. Press question mark for help."


def make() -> Control:
    return Control("range", "--label", "Price", "--speech", "on", "--braille", "on", "--screen-reader", "off", columns=60)


def drive(control: Control, seconds: float) -> None:
    """The program's loop for a while: select on the control's descriptor, up to its timeout."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        timeout = control.timeout
        select.select([control], [], [], min(0.02, timeout) if timeout is not None else 0.02)
        control.handle_ready()


def test_focus_keys_and_blur_speak_braille_and_give_the_display_back(spoken, display) -> None:  # type: ignore[no-untyped-def]
    with make() as control:
        assert any("Price: 10 to 90" in line for line in control.lines), control.lines
        with pytest.raises(NotFocusedError):
            control.key("right")
        control.focus()
        assert control.focused
        assert display.wait_for("Price 10"), display.seen()
        assert spoken.wait_for(INTRODUCTION).count(INTRODUCTION) == 1

        control.key("right")
        assert control.events() == [ControlEvent("changed", (11.0, 90.0))]
        assert any("Price: 11 to 90" in line for line in control.lines), control.lines
        assert display.wait_for("Price 11"), display.seen()
        said = spoken.wait_for("11")
        assert said[said.index(INTRODUCTION) + 1:].count("11") == 1, said
        control.feed(b"\x1b[C")
        assert control.values == (12.0, 90.0)
        drive(control, 0.2)

        shown = len(display.seen())
        heard = len(spoken.lines())
        control.blur()
        assert not control.focused
        # BRLTTY shows its own screen again: a line that is not the control's. (The private BRLTTY
        # runs without a screen driver and updates the display when a command comes: the display
        # sends NOOP every 100 ms, as a polled screen would have it updated.)
        def released() -> bool:
            display.socket.sendall(b"NOOP\n")
            return wait_until(lambda: any(not text.startswith("Price") for text in display.seen()[shown:]), 0.1) is True
        assert wait_until(released, 5.0), display.seen()[shown:]
        with pytest.raises(NotFocusedError):
            control.feed(b"\x1b[C")
        assert control.values == (12.0, 90.0)
        wait_until(lambda: len(spoken.lines()) > heard, 0.5)
        assert spoken.lines()[heard:] == [] or spoken.lines()[heard:] == ["12"], spoken.lines()[heard:]

        control.focus()
        assert display.wait_for("Price 12"), display.seen()
        control.key("enter")
        events = control.events()
        assert events[-1] == ControlEvent("accepted", (12.0, 90.0)), events
        assert not control.focused


def test_bad_names_widths_and_arguments_are_errors(servers) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(OptionError):
        Control("range", "--min", "nine")
    with pytest.raises(OptionError):
        Control("--label", "Price")
    with pytest.raises(ValueError):
        Control("stepper", columns=0)
    with make() as control:
        control.focus()
        for name in ["", "rihgt", "hyper+a"]:
            with pytest.raises(OptionError):
                control.key(name)
        with pytest.raises(ValueError):
            control.resize(0)
        control.key("+")
        control.key("shift+tab")
        control.key("ctrl+a")
        control.resize(30)
        assert all(len(line) <= 30 for line in control.lines), control.lines
        row, column = control.cursor
        assert 0 <= row < len(control.lines)
    with pytest.raises(ValueError):
        control.focus()


def test_an_idle_control_asks_for_no_wake_up(servers) -> None:  # type: ignore[no-untyped-def]
    with Control("stepper", "--speech", "off", "--braille", "off", "--screen-reader", "off") as control:
        control.focus()
        drive(control, 0.3)
        assert control.timeout is None
        assert select.select([control], [], [], 0)[0] == []
        control.key("escape")
        assert control.events() == [ControlEvent("cancelled", ())]


def test_the_mouse_is_placed_on_the_lines(servers) -> None:  # type: ignore[no-untyped-def]
    with Control("range", "--speech", "off", "--braille", "off", "--screen-reader", "off", columns=60) as control:
        control.focus()
        track = next(index for index, line in enumerate(control.lines) if line.startswith("10 "))
        line = control.lines[track]
        end = line.rindex("-")                    # the track in ASCII: right of the upper handle
        control.mouse("left", "press", end, track)
        control.mouse("left", "release", end, track)
        assert control.values[0] == 10.0 and control.values[1] > 90.0, (control.values, control.lines)
        with pytest.raises(OptionError):
            control.mouse("thumb", "press", 0, 0)
        with pytest.raises(ValueError):
            control.mouse("left", "press", -1, 0)
        control.blur()
        with pytest.raises(NotFocusedError):
            control.mouse("left", "press", end, track)
