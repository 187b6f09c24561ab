"""Every keyword option the docstrings of ask_range and ask_number offer is one their control takes."""

import re
from typing import Callable, Dict, List

import pytest

from a11y_controls import Engine, ask_number, ask_range
from a11y_controls._options import option_words

# ``name=value`` examples in a docstring: a Python literal after the equals sign.
EXAMPLE = re.compile(r"``(\w+)=(\"[^\"]*\"|True|-?[\d.]+)``")


def documented(function: Callable[..., object]) -> Dict[str, object]:
    examples: Dict[str, object] = {}
    for name, literal in EXAMPLE.findall(function.__doc__ or ""):
        if literal == "True":
            examples[name] = True
        elif literal.startswith('"'):
            examples[name] = literal.strip('"')
        else:
            examples[name] = float(literal) if "." in literal else int(literal)
    return examples


@pytest.mark.parametrize("function, control", [(ask_range, "range"), (ask_number, "stepper")])
def test_each_documented_keyword_is_taken_by_its_control(function: Callable[..., object], control: str) -> None:
    examples = documented(function)
    assert len(examples) >= 5, f"no examples found in {function.__name__}'s docstring"
    for name, value in examples.items():
        words: List[str] = option_words({name: value}, function.__name__)  # type: ignore[dict-item]
        with Engine(control, *words) as engine:
            assert engine is not None, f"{function.__name__}({name}={value!r})"
