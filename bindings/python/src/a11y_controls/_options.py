"""Python arguments to a11y-demo's option strings, the form the C library takes them in."""

from __future__ import annotations

import math
from typing import Iterable, List, Mapping, Optional, Union

#: What an option's value may be: a number, a text, or a bool for a flag (True gives the flag,
#: False and None leave it out).
OptionValue = Union[str, int, float, bool, None]


def number_text(value: object, name: str) -> str:
    """``value`` (int or float, not bool) as the option parser reads numbers."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError("%s must be a number (int or float), not %s" % (name, type(value).__name__))
    if isinstance(value, float) and not math.isfinite(value):
        raise ValueError("%s must be a finite number, not %r" % (name, value))
    # repr gives the shortest text that reads back as the same float ("0.1", "1e-05").
    return repr(value) if isinstance(value, float) else str(value)


def option_name(keyword: str) -> str:
    """``min_distance`` -> ``--min-distance``."""
    return "--" + keyword.replace("_", "-")


def option_words(options: Mapping[str, OptionValue], function: str) -> List[str]:
    """``{"step": 5, "single": True, "label": "Price"}`` -> ``["--step", "5", "--single", "--label", "Price"]``."""
    words: List[str] = []
    for keyword, value in options.items():
        if value is None or value is False:
            continue
        name = option_name(keyword)
        if value is True:
            words.append(name)
        elif isinstance(value, str):
            words += [name, value]
        elif isinstance(value, (int, float)):
            words += [name, number_text(value, "%s() option %r" % (function, keyword))]
        else:
            raise TypeError(
                "%s() option %r must be a str, a number or a bool, not %s" % (function, keyword, type(value).__name__)
            )
    return words


def extra_words(words: Iterable[str], function: str) -> List[str]:
    """The raw option strings of ``options=[...]``, checked to be str."""
    if isinstance(words, (str, bytes)):
        raise TypeError("%s() options must be a list of strings, such as ['--verbosity', 'terse'], not one string" % function)
    result = list(words)
    for word in result:
        if not isinstance(word, str):
            raise TypeError("%s() options must be strings, not %s (%r)" % (function, type(word).__name__, word))
    return result


def label_words(label: Optional[str], function: str) -> List[str]:
    if label is None:
        return []
    if not isinstance(label, str):
        raise TypeError("%s() label must be a str, not %s" % (function, type(label).__name__))
    return ["--label", label]
