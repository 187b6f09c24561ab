"""The words in the user's language through the library: --language or the locale, the message
catalogs found at A11Y_LOCALEDIR (make python-test sets it to .build/locale), English where a
catalog cannot be read."""

from __future__ import annotations

import os

import pytest

from a11y_controls import Engine
from conftest import run_python


@pytest.fixture
def catalogs() -> str:
    directory = os.environ.get("A11Y_LOCALEDIR", "")
    if not os.path.isfile(os.path.join(directory, "de", "LC_MESSAGES", "a11y-controls.mo")):
        pytest.fail("no compiled catalogs at A11Y_LOCALEDIR=%r: make locale (make python-test does it)" % directory, pytrace=False)
    return directory


def test_the_engine_speaks_the_language_asked_for(catalogs: str) -> None:
    with Engine("stepper", "--language", "de", "--value", "3", "--label", "Kopien") as engine:
        assert engine.take_speech() == "Kopien, Einstellknopf, 3, von 1 bis 99. Hilfe mit der Fragezeichentaste.\n"
        assert "? für Hilfe" in engine.screen(80)
        assert engine.feed(b"+\r") == "accepted"
        assert engine.take_speech() == "4\n4, übernommen\n"
    with Engine("range", "--language", "fr", "--step", "0.5") as engine:
        assert engine.take_speech().startswith("plage, glissière de plage, 10,0 à 90,0")
        engine.feed(b"\x1b[C")
        assert engine.take_speech() == "10,5\n"


def test_the_locale_picks_the_words_and_numbers_stay_plain(catalogs: str) -> None:
    done = run_python(
        "import a11y_controls\n"
        "e = a11y_controls.Engine('range', '--step', '0.5')\n"
        "print(e.take_speech().splitlines()[0])\n",
        environment={"LANG": "es_ES.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""},
    )
    assert done.stdout.decode().startswith("rango, control deslizante de rango, 10.0 a 90.0"), done.stderr


def test_a_catalog_that_cannot_be_read_is_english_and_one_line(tmp_path) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "de" / "LC_MESSAGES").mkdir(parents=True)
    (tmp_path / "de" / "LC_MESSAGES" / "a11y-controls.mo").write_bytes(b"\xde\x12\x04\x95" + b"\0" * 4 + b"\xff" * 40)
    code = "import a11y_controls\nprint(a11y_controls.Engine('stepper', '--language', 'de').take_speech().strip())\n"
    done = run_python(code, environment={"A11Y_LOCALEDIR": str(tmp_path)})
    assert done.stdout.decode().startswith("value, spin button, 1, from 1 to 99"), done.stderr
    lines = done.stderr.decode().splitlines()
    assert len(lines) == 1 and "a11y-controls.mo" in lines[0] and "English" in lines[0], lines
    missing = run_python(code, environment={"A11Y_LOCALEDIR": str(tmp_path / "nowhere")})
    assert missing.stdout.decode().startswith("value, spin button")
    assert missing.stderr.decode().count("\n") == 1 and "is not a directory" in missing.stderr.decode()
