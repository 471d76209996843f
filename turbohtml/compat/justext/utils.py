"""jusText's ``justext.utils``: whitespace helpers and the shipped stoplists.

The stoplists are jusText 3.0.2's own word lists, shipped here as ``stoplists.zip``
(one ``<Language>.txt`` per language; BSD licence and attribution in
``STOPLISTS_LICENSE.rst``), so nothing depends on jusText being installed.
"""

from __future__ import annotations

import re
import zipfile
from functools import lru_cache
from pathlib import Path

from turbohtml.compat import MIRRORED

__version__ = MIRRORED["justext"]

__all__ = ["get_stoplist", "get_stoplists", "is_blank", "normalize_whitespace"]

_STOPLISTS = Path(__file__).with_name("stoplists.zip")
_WHITESPACE = re.compile(r"\s+")


def _fold(match: re.Match[str]) -> str:
    run = match.group()
    return "\n" if "\n" in run or "\r" in run else " "


def normalize_whitespace(text: str) -> str:
    """Each whitespace run becomes one space, or one ``\\n`` when it holds a line break
    (ends are kept, as jusText keeps them)."""
    return _WHITESPACE.sub(_fold, text)


def is_blank(string: str) -> bool:
    """Whether ``string`` is empty or whitespace only (no-break spaces included)."""
    return not string or string.isspace()


@lru_cache(maxsize=1)
def get_stoplists() -> frozenset[str]:
    """The names of the built-in stoplists (``"English"``, ``"Slovak"``, ...)."""
    with zipfile.ZipFile(_STOPLISTS) as archive:
        return frozenset(name[:-4] for name in archive.namelist() if name.endswith(".txt"))


@lru_cache(maxsize=128)
def get_stoplist(language: str) -> frozenset[str]:
    """The lower-cased stopwords of a built-in stoplist; ``ValueError`` for an unknown name."""
    if not isinstance(language, str) or language not in get_stoplists():
        raise ValueError(
            f"Stoplist for language {language!r} is missing. "
            "Please use function 'get_stoplists' for complete list of stoplists."
        )
    with zipfile.ZipFile(_STOPLISTS) as archive:
        data = archive.read(f"{language}.txt")
    return frozenset(word.lower() for word in data.decode("utf8").splitlines())
