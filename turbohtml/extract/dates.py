"""Publication dates: ``dates()``, the successor to ``htmldate.find_date``.

One C walk (``turbohtml._dates.gather``) collects the candidates; this module reads
them stage by stage in htmldate's order and returns the first date inside the window:

1. ``url``: a date in the ``<link rel=canonical>`` href, then in ``og:url``;
2. ``meta``: publication/modification ``<meta>`` tags (name, property, itemprop,
   pubdate, http-equiv);
3. ``json-ld``: ``datePublished``/``dateCreated``/``uploadDate`` and ``dateModified``
   anywhere in a JSON-LD block (``@graph`` and nested objects included);
4. ``time``: ``<abbr>`` stamps, elements whose class/id/itemprop marks a date, then
   ``<time>`` elements (``datetime``, then text);
5. ``text`` (``extensive_search`` only): title and ``<h1>``, timestamps, labelled dates
   ("Stand: 1.4.18"), short text segments, then a page-wide frequency vote over date
   patterns (floored at the copyright year) and finally a bare year outside copyright
   notices. A copyright year is never the answer.

``original`` picks the publication over the modification date within each stage (the
default, False, prefers the modification date, as htmldate does). Malformed dates are
skipped, never raised.
"""

from __future__ import annotations

import datetime as _dt
import json
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any, TypeGuard

from turbohtml._names import (
    MonthNames,
    digit_count,
    digit_run,
    first_digit,
    fold,
    joins_digits,
    last_digit,
    written_date,
)
from turbohtml._tunables import META_ITEMPROP, META_NAME, META_PROPERTY, META_PUBDATE
from turbohtml.extract import _date_patterns as P
from turbohtml.extract.options import DateExtraction
from turbohtml.extract.records import PublicationDate, Signal

if TYPE_CHECKING:
    from turbohtml._core import Document

__all__ = ["dates", "document_dates", "parse_date"]

_DEFAULT = DateExtraction()


class _Window:
    """The resolved options: the window as dates, the preference, the text search switch."""

    __slots__ = ("earliest", "latest", "original", "extensive", "month_first")

    def __init__(self, options: DateExtraction, lang: str | None = None) -> None:
        self.earliest = options.earliest
        self.latest = options.latest
        self.original = options.original
        self.extensive = options.extensive_search
        #: US pages write 04/05/2018 for April 5th (``<html lang="en-US">``)
        self.month_first = lang is not None and lang.strip().lower().replace("_", "-") == "en-us"

    def accepts(self, value: _dt.datetime | None) -> TypeGuard[_dt.datetime]:
        return value is not None and self.earliest <= value.date() <= self.latest

    def year_ok(self, year: int) -> bool:
        return self.earliest.year <= year <= self.latest.year

    def pick(self, values: Iterable[_dt.datetime]) -> _dt.datetime | None:
        """The oldest in-window value when ``original``, else the newest."""
        inside = [v for v in values if self.accepts(v)]
        if not inside:
            return None
        return min(inside) if self.original else max(inside)


# ---------------------------------------------------------------- parsing date strings

def _make(year: int, month: int, day: int, hour: int = 0, minute: int = 0, second: int = 0) -> _dt.datetime | None:
    try:
        return _dt.datetime(year, month, day, hour, minute, second)
    except (ValueError, OverflowError):
        return None


def _full_year(year: int) -> int:
    """Two-digit years: 90-99 are the 1990s, the rest this century (htmldate's rule)."""
    if year < 100:
        return year + (1900 if year >= 90 else 2000)
    return year


def _day_month(first: int, second: int, month_first: bool = False) -> tuple[int, int]:
    """(day, month): DD/MM by default, MM/DD when the second number cannot be a month
    (htmldate's swap) or, on a US page, whenever the first can be one."""
    if second > 12 and first <= 12:
        return second, first
    if month_first and first <= 12 and second <= 31:
        return second, first
    return first, second


def _near_cores(pattern: re.Pattern[str], text: str, core: re.Pattern[str]) -> Iterator[re.Match[str]]:
    """Matches of ``pattern`` ending near a match of the cheap ``core`` pattern, in order."""
    last_end = -1
    for count, hit in enumerate(core.finditer(text)):
        if count == P.MAX_CORES:
            return
        start = max(hit.start() - P.CORE_BEFORE, last_end, 0)
        for match in pattern.finditer(text, start, hit.end() + P.CORE_AFTER):
            last_end = max(last_end, match.end())
            yield match


def _written_start(text: str) -> int:
    """Where the first written date of ``text`` may open: its day or year is the first
    digit of the text, or its month name and the spaces after it come just before that
    digit (``len(text)`` when there is no digit). The pattern's lookbehinds read the text
    before the start, so a search from there finds what a search from 0 does."""
    digit = first_digit(text)
    if digit == -1:
        return len(text)
    start = digit
    while start and text[start - 1].isspace():  # str.isspace() is re's \s
        start -= 1
    return max(0, start - 1 - P.LONGEST_MONTH)  # a "." between the month and its spaces


#: The written-date pattern's month names, for its reading by hand (``_names.written_date``).
_MONTH_NAMES = MonthNames(P.MONTHS)


def _written(text: str) -> _dt.datetime | None:
    text = text.lower()  # the pattern's month names are lower-case (P.written_date)
    if len(text) <= 200:  # (a stamp, a byline, a date's value) read by hand, as the pattern reads it
        start = _written_start(text)
        while (found := written_date(text, start, _MONTH_NAMES)) is not None:
            start = found[0]  # (end, year, month, day)
            value = _make(*found[1:])
            if value is not None:
                return value
        return None
    for match in _near_cores(P.written_date(), text, P.YEAR_CORE):
        if match["m1"] is not None:
            month, day, year = match["m1"], match["d1"], match["y1"]
        elif match["m2"] is not None:
            month, day, year = match["m2"], match["d2"], match["y2"]
        else:
            month, day, year = match["m3"], match["d3"], match["y3"]
        number = P.MONTHS.get(month)
        if number is None:
            continue
        value = _make(int(year), number, int(day))
        if value is not None:
            return value
    return None


def _iso(text: str) -> _dt.datetime | None:
    """An ISO 8601 date or date-time at the start of ``text`` (wall-clock, zone dropped)."""
    try:
        value = _dt.datetime.fromisoformat(text)
    except ValueError:
        value = None
    if value is not None:
        return value.replace(tzinfo=None)
    match = P.YMD.match(text)
    if match is None:
        return None
    value = _make(int(match[1]), int(match[2]), int(match[3]))
    if value is None:
        return None
    clock = P.ISO_TIME.match(text, match.end())
    if clock is not None:
        timed = _make(value.year, value.month, value.day, int(clock[1]), int(clock[2]), int(clock[3] or 0))
        if timed is not None:
            return timed
    return value


def _accepted(value: _dt.datetime | None, window: _Window | None) -> _dt.datetime | None:
    """``value`` when it is a date ``window`` accepts (any date without a window), else None."""
    return value if value is not None and (window is None or window.accepts(value)) else None


def _numeric(text: str, window: _Window | None, start: int = 0) -> _dt.datetime | None:
    """The first numeric date reading of ``text`` that ``window`` accepts (any valid one
    without a window), most specific first; ``start`` is the index of its first digit
    (every numeric pattern opens with one: searches start there). Each reading is made
    only when the ones before gave nothing (a function, not a generator: parse_date()
    runs on every stamp and byline of ``metadata()``)."""
    value = None
    if text[:8].isdigit():
        match = P.YYYYMMDD_PREFIX.match(text)
        if match is not None:
            value = _accepted(_make(int(match[1]), int(match[2]), int(match[3])), window)
    elif text[:4].isdigit():
        value = _accepted(_iso(text), window)
    if value is not None:
        return value
    match = P.YYYYMMDD.search(text, start) if digit_run(text) >= 8 else None  # eight digits in a row
    if match is not None:
        value = _accepted(_make(int(match[1]), int(match[2]), int(match[3])), window)
        if value is not None:
            return value
    if not joins_digits(text):
        return None  # "March 3, 2024": Y-M-D and D.M.Y need a separator between digits
    ymd = P.YMD.search(text, start)
    dmy = P.DMY.search(text, start)
    if ymd is not None and (dmy is None or ymd.start() <= dmy.start()):
        return _accepted(_make(int(ymd[1]), int(ymd[2]), int(ymd[3])), window)
    if dmy is not None:
        first, second, year = [int(g) for g in dmy.groups() if g is not None]
        day, month = _day_month(first, second, window is not None and window.month_first and "/" in dmy[0])
        return _accepted(_make(_full_year(year), month, day), window)
    return None


def _year_month(text: str, start: int = 0) -> _dt.datetime | None:
    if not joins_digits(text):
        return None  # (the pattern's separator between digits)
    match = P.YM.search(text, start)
    if match is None:
        return None
    if match[1] is not None:
        return _make(int(match[1]), int(match[2]), 1)
    return _make(int(match[4]), int(match[3]), 1)


def _cjk(text: str, start: int = 0) -> _dt.datetime | None:
    if "\u5e74" not in text and "\ub144" not in text:
        return None  # no year mark ("年", "년")
    match = P.CJK_DATE.search(text, start)
    return None if match is None else _make(int(match[1]), int(match[2]), int(match[3]))


def _later_reading(text: str, digit: int, window: _Window | None) -> _dt.datetime | None:
    """The first of the readings parse_date() tries after the numeric ones that ``window``
    accepts, in order, each made only when the ones before gave nothing (``digit``: the
    index of the text's first digit)."""
    return (_accepted(_written(text), window) or _accepted(_cjk(text, digit), window)
            or _accepted(_year_month(text, digit), window))  # (a datetime is never false)


def parse_date(text: str, window: _Window | None = None) -> _dt.datetime | None:
    """Read a date out of a short string (a meta value, a datetime attribute, a label).

    ISO 8601 (with time and zone), ``YYYYMMDD``, ``Y-M-D`` with ``-``/``/``/``.``,
    ``D.M.Y``/``D/M/Y``/``M/D/Y`` (htmldate's swap; month first on a US page), two-digit
    years, written months (en, de, fr, es, it, pt and more), CJK dates, RFC 2822, Unix
    timestamps. With a window, the first reading inside it wins; without, the first
    valid reading. Returns a naive ``datetime`` or ``None``; never raises.
    """
    text = text.strip()
    digit = first_digit(text)
    if digit == -1:
        return None  # every reading needs a digit (a Unix timestamp's may be any script's)
    value = _numeric(text, window, digit)
    if value is None:
        value = _later_reading(text, digit, window)
    if value is not None:
        return value
    if text.isdecimal() and len(text) in (10, 13):  # int() reads decimal digits only
        return _accepted(_epoch(int(text[:10])), window)
    return None


def _epoch(seconds: int) -> _dt.datetime | None:
    """A Unix timestamp (UTC), as ``data-utime`` and some ``timestamp`` metas carry."""
    try:
        return _dt.datetime.fromtimestamp(seconds, tz=_dt.UTC).replace(tzinfo=None)
    except (ValueError, OverflowError, OSError):
        return None


def _free_text(text: str, window: _Window) -> _dt.datetime | None:
    """A date in a piece of free text, behind htmldate's gates against numbers that are
    not dates. A copyright notice's years are cut out first ("© 2019-2024")."""
    text = fold(text)[: P.MAX_SEGMENT]
    digits = digit_count(text)
    if digits < 4:
        return None  # (cutting a copyright notice out removes digits, never adds one)
    if P.COPYRIGHT_CUE.search(text):
        text = P.COPYRIGHT.sub(" ", text)
        digits = digit_count(text)
    if digits > 18:
        # too many numbers for a date label, unless it leads with an ISO date, as in
        # "Written: 2023-11-07 15:03:30 / Updated: 2023-11-07 15:30"
        match = P.ISO_DATE.search(text)
        if match is None or P.NOT_A_DATE.search(text):
            return None
        value = _make(int(match[1]), int(match[2]), int(match[3]))
        return value if window.accepts(value) else None
    if digits < 4 or P.NOT_A_DATE.search(text):
        return None
    return parse_date(text, window)


def _element_text(text: str | None, window: _Window) -> _dt.datetime | None:
    """An element's text as htmldate reads a date-marked element: 52 chars, digits-ended."""
    if not text:
        return None
    text = fold(text)
    if len(text) <= P.MIN_SEGMENT:
        return None
    text = text[: P.MAX_SEGMENT]
    # without its trailing non-digits (P.TRAILING_NON_DIGITS; a folded text holds no newline for its $)
    return _free_text(text[: last_digit(text) + 1], window)


# ---------------------------------------------------------------- stages

def _url_date(url: str | None, window: _Window) -> _dt.datetime | None:
    if not url:
        return None
    match = P.URL_DATE.search(url)
    if match is None:
        return None
    value = _make(int(match[1]), int(match[2]), int(match[3]))
    return value if window.accepts(value) else None


def _stage_url(canonical: str | None, metas: list[tuple[int, str, str]], window: _Window) -> _dt.datetime | None:
    found = _url_date(canonical, window)
    if found is not None:
        return found
    for kind, key, value in metas:
        if kind in (META_NAME, META_PROPERTY) and key.lower() in P.META_URL:
            found = _url_date(value, window)
            if found is not None:
                return found
    return None


def _stage_meta(metas: list[tuple[int, str, str]], window: _Window) -> _dt.datetime | None:
    """The first in-window date of the preferred kind, else of the other.

    A ``copyrightYear`` is not read: a copyright year is no publication date."""
    other: _dt.datetime | None = None
    for kind, key, value in metas:
        key = key.strip().lower()
        if kind in (META_NAME, META_PROPERTY):
            if key in P.META_PUBLISHED:
                published = True
            elif key in P.META_MODIFIED:
                published = False
            else:
                continue
        elif kind == META_ITEMPROP:
            if key in P.ITEMPROP_PUBLISHED:
                published = True
            elif key in P.ITEMPROP_MODIFIED:
                published = False
            else:
                continue
        elif kind == META_PUBDATE:
            if key.strip().lower() != "pubdate":
                continue
            published = True
        else:
            if key in P.HTTP_EQUIV_PUBLISHED:
                published = True
            elif key in P.HTTP_EQUIV_MODIFIED:
                published = False
            else:
                continue
        if published == window.original:
            found = parse_date(value, window)
            if found is not None:
                return found
        elif other is None:
            other = parse_date(value, window)
    return other


def _json_values(node: object, out: list[tuple[str, object]]) -> None:
    """(key, value) pairs for the date keys anywhere in a JSON value, in document order."""
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            children = []
            for key, value in item.items():
                if key in P.JSON_PUBLISHED or key in P.JSON_MODIFIED:
                    out.append((key, value))
                elif isinstance(value, (dict, list)):
                    children.append(value)
            stack.extend(reversed(children))
        elif isinstance(item, list):
            stack.extend(reversed(item))


def _stage_json_ld(scripts: list[str], window: _Window) -> _dt.datetime | None:
    pairs: list[tuple[str, object]] = []
    for text in scripts:
        if "ate" not in text:  # dateX / uploadDate
            continue
        try:
            _json_values(json.loads(text, strict=False), pairs)
        except (ValueError, RecursionError):
            pairs.extend(P.JSON_KEY_VALUE.findall(text))
    values: dict[str, list[str]] = {}
    for key, value in pairs:
        if isinstance(value, list) and value:  # several dates: the first
            value = value[0]
        if isinstance(value, dict):  # an expanded value, {"@value": ...}
            value = value.get("@value")
        if isinstance(value, str):
            values.setdefault(key, []).append(value)
    # keys by rank: an article's datePublished over its dateCreated over the uploadDate
    # of an embedded video; the preferred kind first, then the other
    kinds = (P.JSON_PUBLISHED, P.JSON_MODIFIED)
    for keys in kinds if window.original else reversed(kinds):
        for key in keys:
            for value in values.get(key, ()):
                found = parse_date(value, window)
                if found is not None:
                    return found
    return None


def _stage_abbr(abbrs: list[tuple[str | None, str | None, str | None, str]], window: _Window) -> _dt.datetime | None:
    """``<abbr>``: Facebook's ``data-utime`` stamps and hAtom "published" titles."""
    stamps: list[_dt.datetime] = []
    for utime, klass, title, text in abbrs:
        if utime is not None:
            stamp = _epoch(int(utime)) if utime.strip().isdecimal() else None
            if stamp is not None:
                stamps.append(stamp)
        elif klass is not None and klass in P.ABBR_PUBLISHED_CLASSES:
            if title is not None:
                found = parse_date(title, window)
                if found is not None:
                    if window.original:
                        return found
                    stamps.append(found)
            elif text and len(text) > 10:
                found = _free_text(text, window)
                if found is not None:
                    stamps.append(found)
    return window.pick(stamps)


def _stage_marked(marked: list[tuple[str, str | None]], window: _Window) -> _dt.datetime | None:
    """Elements whose class/id/itemprop marks a date: the first that reads as one."""
    for text, title in marked:
        found = _element_text(text, window) or _element_text(title, window)
        if found is not None:
            return found
    return None


def _stage_time(times: list[tuple[str | None, str | None, str | None, str]], window: _Window) -> _dt.datetime | None:
    """``<time>``: the mode's marker wins at once, else the newest (oldest) of all."""
    stamps = []
    for when, klass, pubdate, text in times:
        if when is not None and len(when.strip()) > 6:
            klass = klass or ""
            if window.original:
                shortcut = (pubdate or "").lower() == "pubdate" or klass.startswith(P.TIME_ORIGINAL_CLASS_PREFIXES)
            else:
                shortcut = klass == P.TIME_UPDATED_CLASS
            found = parse_date(when, window)
            if found is not None:
                if shortcut:
                    return found
                stamps.append(found)
        elif text is not None and len(text.strip()) > 6:
            found = _free_text(text, window)
            if found is not None:
                stamps.append(found)
    return window.pick(stamps)


def _stage_headings(title: str | None, h1s: list[str], window: _Window) -> _dt.datetime | None:
    """The ``<title>`` and ``<h1>`` texts, read like date-marked elements."""
    for text in [title, *h1s]:
        found = _element_text(text, window)
        if found is not None:
            return found
    return None


def _labelled(search: str, window: _Window) -> _dt.datetime | None:
    match = next(_near_cores(P.labelled_date(), search, P.NUMERIC_CORE), None)
    if match is None:
        return None
    parts = [int(p) for p in match.groups() if p]
    if len(parts) != 3:
        return None
    if parts[0] > 31:  # year first
        value = _make(parts[0], parts[1], parts[2])
    else:
        day, month = _day_month(parts[0], parts[1], window.month_first and "/" in match[0])
        value = _make(_full_year(parts[2]), month, day)
    return value if window.accepts(value) else None


def _vote(counts: Counter[_dt.datetime], window: _Window) -> _dt.datetime | None:
    """htmldate's frequency vote among the matches of one pattern family.

    ``counts`` maps a date to its number of occurrences (only in-window years). One
    distinct date wins outright; otherwise the two most recent (oldest with ``original``)
    of the ten most frequent are compared, and the runner-up wins when it is from
    another year and more than half as frequent.
    """
    if not 0 < len(counts) <= P.MAX_CANDIDATES:
        return None
    if len(counts) == 1:
        return next(iter(counts))
    top = sorted(counts.most_common(10), key=lambda item: item[0], reverse=not window.original)[:2]
    (first, first_count), (second, second_count) = top
    if first_count != second_count and first.year != second.year and second_count / first_count > 0.5:
        return second
    return first


def _family(search: str, pattern: re.Pattern[str], build: Callable[[Any], _dt.datetime | None],
            window: _Window) -> Counter[_dt.datetime]:
    counts: Counter[_dt.datetime] = Counter()
    for groups in pattern.findall(search):
        value = build(groups)
        if value is not None and window.year_ok(value.year):
            counts[value] += 1
    return counts


def _ymd(groups: tuple[str, ...]) -> _dt.datetime | None:
    return _make(int(groups[0]), int(groups[1]), int(groups[2]))


def _dmy(groups: tuple[str, ...]) -> _dt.datetime | None:
    parts = [int(g) for g in groups if g]
    day, month = _day_month(parts[0], parts[1])
    return _make(_full_year(parts[2]), month, day)


def _ym(groups: tuple[str, ...]) -> _dt.datetime | None:
    return _make(int(groups[0]), int(groups[1]), 1)


def _my(groups: tuple[str, ...]) -> _dt.datetime | None:
    return _make(int(groups[1]), int(groups[0]), 1)


_PAGE_FAMILIES = (
    (P.PAGE_YMD_PATH, _ymd),
    (P.PAGE_YMD, _ymd),
    (P.PAGE_DMY, _dmy),
    (P.PAGE_YYYYMMDD, _ymd),
    (P.PAGE_DMYY, _dmy),
    (P.PAGE_YM, _ym),
    (P.PAGE_MY, _my),
)


def _search_page(search: str, window: _Window,
                 declared: frozenset[str] = frozenset()) -> _dt.datetime | None:
    """The page-wide vote, pattern family by family, floored at the copyright year.

    The copyright year only bounds the vote: a page's date is not older than its
    copyright notice, but the notice names the year of the site's template, not a
    publication date, so it is never the answer, and the last-resort bare-year vote
    counts neither the years in copyright notices nor the ``declared`` ones (a
    ``copyrightYear`` meta's value).
    """
    years: Counter[_dt.datetime] = Counter()
    for year in P.COPYRIGHT.findall(search):
        value = _make(int(year), 1, 1)
        if value is not None and window.year_ok(value.year):
            years[value] += 1
    copyright_year = _vote(years, window)
    floor = copyright_year.year if copyright_year is not None and window.accepts(copyright_year) else 0

    def acceptable(value: _dt.datetime | None) -> bool:
        return window.accepts(value) and value.year >= floor

    for pattern, build in _PAGE_FAMILIES:
        best = _vote(_family(search, pattern, build, window), window)
        if best is not None and acceptable(best):
            return best
    written = _written(search)
    if acceptable(written):
        return written
    if years:
        search = P.COPYRIGHT.sub(" ", search)
    years_named = _family(search, P.PAGE_YEAR, lambda g: None if g in declared else _make(int(g), 1, 1), window)
    best = _vote(years_named, window)
    return best if acceptable(best) else None


def _stage_text(segments: list[str], search: str, metas: list[tuple[int, str, str]],
                window: _Window) -> tuple[_dt.datetime, Signal] | None:
    match = P.TIMESTAMP.search(search)
    if match is not None:
        day = _make(*(int(x) for x in match[1].split("-")))
        if window.accepts(day):
            timed = _make(day.year, day.month, day.day, int(match[2]), int(match[3]), int(match[4]))
            return (timed or day), "text"
    for kind, key, value in metas:
        if kind == META_PROPERTY and key.strip().lower() in P.META_IMAGE:
            found = _url_date(value, window)
            if found is not None:
                return found, "meta"
    found = _labelled(search, window)
    if found is not None:
        return found, "text"
    stamps: list[_dt.datetime] = []
    for segment in segments:
        segment = segment.strip()
        if P.MIN_SEGMENT < len(segment) < P.MAX_SEGMENT:
            stamp = _free_text(segment, window)
            if stamp is not None:
                stamps.append(stamp)
    found = window.pick(stamps)
    if found is not None:
        return found, "text"
    declared = frozenset(value.strip() for kind, key, value in metas
                         if kind == META_ITEMPROP and key.strip().lower() == P.ITEMPROP_COPYRIGHT)
    found = _search_page(search, window, declared)
    if found is not None:
        return found, "text"
    return None


# ---------------------------------------------------------------- entry points

def _format(value: _dt.datetime, options: DateExtraction) -> str | None:
    try:
        return value.strftime(options.output_format)
    except (ValueError, OverflowError):
        return None


def document_dates(doc: Document, options: DateExtraction | None = None) -> PublicationDate | None:
    """``Document.dates()``: the date of an already parsed page (see ``dates()``)."""
    from turbohtml._dates import gather

    if options is None:
        options = _DEFAULT
    elif not isinstance(options, DateExtraction):
        raise TypeError(f"options must be a DateExtraction or None, not {type(options).__name__}")
    page = gather(doc, options.extensive_search)  # the text stages' inputs only when they may run
    window = _Window(options, page.lang)
    metas = page.metas()
    found = _stage_url(page.canonical, metas, window)
    signal: Signal = "url"
    if found is None:
        found, signal = _stage_meta(metas, window), "meta"
    if found is None:
        found, signal = _stage_json_ld(page.jsonld(), window), "json-ld"
    if found is None:
        found, signal = _stage_abbr(page.abbrs(), window), "time"
    if found is None:
        found = _stage_marked(page.marked(), window)
    if found is None:
        found = _stage_time(page.times(), window)
    if found is None and window.extensive:
        found, signal = _stage_headings(doc.title, page.h1s(), window), "text"
        if found is None:
            result = _stage_text(page.segments(), page.search(), metas, window)
            if result is not None:
                found, signal = result
    if found is None:
        return None
    text = _format(found, options)
    return None if text is None else PublicationDate(text, signal)


def dates(html: str | bytes, options: DateExtraction | None = None, /) -> PublicationDate | None:
    """Find a document's publication (or, by default, modification) date.

    The ``htmldate.find_date`` counterpart. Signals are tried in htmldate's order – a
    date in the canonical URL, publication/modification ``<meta>`` tags, JSON-LD,
    ``<time>`` and date-marked elements, then (with ``extensive_search``) visible text –
    and the first date inside ``[min_date, max_date]`` wins. Within a stage
    ``original`` picks the publication date over the modification date, or the reverse.

    ``html`` is the page markup: a ``str``, or ``bytes`` decoded as ``parse()`` decodes
    them. A ``str`` is always markup, never a file path or a URL to fetch (the URL a
    page was fetched from reaches the URL stage as its ``<link rel=canonical>``, or
    through ``turbohtml.compat.htmldate.find_date(html, url=...)``).

    Raises ``TypeError`` when ``html`` is neither ``str`` nor ``bytes``; malformed dates
    in the page are skipped, never raised.
    """
    from turbohtml._core import parse

    if not isinstance(html, (str, bytes, bytearray, memoryview)):
        raise TypeError(f"dates() takes the page markup as str or bytes, not {type(html).__name__}")
    if options is not None and not isinstance(options, DateExtraction):
        raise TypeError(f"options must be a DateExtraction or None, not {type(options).__name__}")
    return document_dates(parse(html), options)
