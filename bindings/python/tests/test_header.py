"""The package's facts that the C header defines: the version and every result code.

include/a11y_controls.h is their one definition (the Swift C API and a11y-demo read it when they
are compiled); here they are read from the header and compared, so the three never disagree.
"""

import re
from pathlib import Path

import a11y_controls
from a11y_controls import _library

HEADER = Path(__file__).resolve().parents[3] / "include" / "a11y_controls.h"


def header_definitions() -> dict[str, str]:
    """Every `#define A11Y_NAME value` of the header, the value without its parentheses."""
    text = HEADER.read_text(encoding="utf-8")
    pattern = re.compile(r"^#define\s+A11Y_(\w+)\s+\(?(-?\d+|\"[^\"]*\")\)?", re.MULTILINE)
    return {name: value for name, value in pattern.findall(text)}


def test_the_version_is_the_headers() -> None:
    assert a11y_controls.__version__ == header_definitions()["CONTROLS_VERSION"].strip('"')


def test_every_result_code_is_the_headers() -> None:
    codes = {name: int(value) for name, value in header_definitions().items() if not value.startswith('"')}
    assert codes, f"no result codes in {HEADER}"
    assert {name: getattr(_library, name, None) for name in codes} == codes
