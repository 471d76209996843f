"""``htmldate.extractors``: the date-expression helpers htmldate 1.11.0 documents, over
``turbohtml.extract.parse_date`` (one reader for ISO 8601, numeric day/month orders,
written months in several languages, CJK dates, RFC 2822 and timestamps) and the
engine's URL rule.

htmldate sends hard strings to the ``dateparser`` package; turbohtml has no second
parser, so ``external_date_parser`` is ``parse_date`` too and ``extensive_search`` only
means what it means to ``parse_date``'s caller: nothing more is tried.
"""

from __future__ import annotations

from datetime import datetime

from turbohtml.compat import MIRRORED
from turbohtml.compat.htmldate.core import DateSearch
from turbohtml.compat.htmldate.utils import Extractor
from turbohtml.compat.htmldate.validators import validate_and_convert
from turbohtml.extract.dates import parse_date

__version__ = MIRRORED["htmldate"]

__all__ = ["custom_parse", "external_date_parser", "extract_url_date", "regex_parse", "try_date_expr"]

#: htmldate's longest date expression worth reading (settings.MAX_SEGMENT_LEN)
MAX_SEGMENT_LEN = 52


def regex_parse(string: str) -> datetime | None:
    """The date written in ``string`` (any reading ``parse_date`` knows), or ``None``."""
    return parse_date(string) if isinstance(string, str) else None


def custom_parse(string: str, outputformat: str, min_date: datetime, max_date: datetime) -> str | None:
    """The date of ``string`` in ``outputformat`` when it lies in ``[min_date, max_date]``."""
    return validate_and_convert(regex_parse(string), outputformat, min_date, max_date)


def external_date_parser(string: str, outputformat: str) -> str | None:
    """The date of ``string`` in ``outputformat``, without range check (htmldate: dateparser)."""
    found = regex_parse(string)
    return found.strftime(outputformat) if found is not None else None


def try_date_expr(string: str | None, outputformat: str, extensive_search: bool, min_date: datetime,
                  max_date: datetime) -> str | None:
    """A date expression (a label, an attribute) as ``custom_parse`` reads it, once
    whitespace is folded and the text cut to ``MAX_SEGMENT_LEN``; ``None`` for text
    with fewer than 4 or more than 18 digits (a time, a year or a number, not a date)."""
    if not string:
        return None
    string = " ".join(string.split())[:MAX_SEGMENT_LEN]
    if not 4 <= sum(character.isdigit() for character in string) <= 18:
        return None
    return custom_parse(string, outputformat, min_date, max_date)


def extract_url_date(testurl: str | None, options: Extractor) -> str | None:
    """The date a URL's path spells (``/2024/05/01/``), in ``options.format`` and window."""
    if not testurl:
        return None
    found = DateSearch.of(options).url_date(testurl)
    return found.strftime(options.format) if found is not None else None
