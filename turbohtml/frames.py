"""Pages in a pandas DataFrame to article rows: the function Dask and Spark map over partitions.

``extract_frame()`` is one pure function from a frame of pages (``url``, ``html``) to a
frame of typed article columns, so an engine only has to call it once per partition:
``turbohtml.dask.extract_articles`` does through ``map_partitions``, and Spark through a
``pandas_udf`` (``docs/howto/scale-out.md``). Each page is parsed once, and ``article()``,
``dates()`` and the link counts all read that one document. A page that cannot be read
becomes a row with ``error`` set, never an exception, so one bad record cannot fail a
partition of thousands. Needs pandas and pyarrow (``pip install 'turbohtml[dask]'``).
"""

from __future__ import annotations

import math
import os
from collections.abc import Iterable, Sequence
from typing import Any

try:
    import pandas as pd
    import pyarrow as pa
except ImportError as _error:  # pragma: no cover - exercised without the extra only
    raise ImportError("turbohtml.frames needs pandas and pyarrow: pip install 'turbohtml[dask]'") from _error

from turbohtml.io import decode_html, http_charset

__all__ = [
    "ARTICLE_FIELDS",
    "WARC_COLUMNS",
    "article_dtypes",
    "article_row",
    "extract_frame",
    "spark_schema",
    "warc_frame",
]

#: Every output field, in column order: ``article()``'s metadata and text, the date
#: ``dates()`` finds (publication first, with the signal it came from), and link counts.
ARTICLE_FIELDS = ("title", "byline", "date", "description", "lang", "text",
                  "publication_date", "date_signal", "links", "external_links")

_STRING = pd.StringDtype("pyarrow")
_COUNT = pd.Int64Dtype()
_ARTICLE = frozenset({"title", "byline", "date", "description", "lang", "text"})
_DATES = frozenset({"publication_date", "date_signal"})
_LINKS = frozenset({"links", "external_links"})

#: The columns ``warc_frame()`` returns and their dtypes: the file, the record's offset
#: and ID, the page URL, the HTTP charset, the body (bytes), and the read error if any.
WARC_COLUMNS: dict[str, Any] = {
    "warc": _STRING,
    "offset": _COUNT,
    "record_id": _STRING,
    "url": _STRING,
    "charset": _STRING,
    "html": pd.ArrowDtype(pa.large_binary()),
    "error": _STRING,
}


def _check_fields(fields: Iterable[str]) -> tuple[str, ...]:
    chosen = tuple(fields)
    unknown = [name for name in chosen if name not in ARTICLE_FIELDS]
    if unknown or len(set(chosen)) != len(chosen):
        raise ValueError(f"fields must be distinct names from {ARTICLE_FIELDS}, got {chosen!r}")
    return chosen


def article_dtypes(fields: Sequence[str] = ARTICLE_FIELDS, *, url: bool = True) -> dict[str, Any]:
    """The output columns of ``extract_frame()`` and their dtypes: ``url`` (unless
    ``url=False``), the ``fields`` in the order given, then ``error``. Strings are
    ``string[pyarrow]``, counts nullable ``Int64``, so an engine's schema is known
    without running anything."""
    columns: dict[str, Any] = {"url": _STRING} if url else {}
    for name in _check_fields(fields):
        columns[name] = _COUNT if name in _LINKS else _STRING
    columns["error"] = _STRING
    return columns


def spark_schema(fields: Sequence[str] = ARTICLE_FIELDS, *, url: bool = True) -> str:
    """The same columns as a Spark DDL schema string (``"url string, ..., links bigint"``),
    the return type of a ``pandas_udf`` over ``extract_frame()``."""
    return ", ".join(f"{name} {'bigint' if dtype is _COUNT else 'string'}"
                     for name, dtype in article_dtypes(fields, url=url).items())


# ------------------------------------------------------------------ one page

def _link_counts(doc: Any, page_url: str | None) -> tuple[int, int | None]:
    """Distinct http(s) targets of the page's ``<a>``/``<area>`` hrefs (resolved against
    ``<base href>`` and the page URL, fragment dropped), and how many of them leave the
    page's site (registrable domain); ``None`` for the latter without a page URL."""
    from turbohtml._core import UrlBase, url_link_attrs, url_split
    from turbohtml.extract.urls import registrable_domain

    base_href, anchors = url_link_attrs(doc)
    base = None
    if page_url:
        try:
            base = UrlBase(page_url)
        except ValueError:
            base = None
    if base_href is not None:
        try:
            base = UrlBase(base_href, base)
        except ValueError:
            pass  # an unusable <base href> leaves the page URL in force (HTML 4.2.3)
    home = None
    if page_url:
        try:
            home_host = url_split(page_url)[1]
        except ValueError:
            home_host = None
        home = registrable_domain(home_host) if home_host else None
    targets: set[str] = set()
    sites: dict[str, str] = {}  # per row: a page's links repeat a few hosts
    external = 0
    for href, _rel, _hreflang in anchors:
        try:
            scheme, host, _path, head, query, _fragment = url_split(href.strip(), base)
        except ValueError:
            continue
        if scheme not in ("http", "https") or not host:
            continue
        target = head if query is None else f"{head}?{query}"
        if target in targets:
            continue
        targets.add(target)
        if home is not None:
            site = sites.get(host)
            if site is None:
                site = sites[host] = registrable_domain(host)
            external += site != home
    return len(targets), (external if home is not None else None)


def article_row(html: str | bytes | None, url: str | None = None, charset: str | None = None,
                fields: Sequence[str] = ARTICLE_FIELDS) -> dict[str, Any]:
    """The output values of one page: ``fields`` and ``error`` (``None`` when fine).

    ``html`` as ``str``, or bytes decoded with ``charset`` (the HTTP header's) by the
    HTML standard's precedence (``turbohtml.io.decode_html``). Only the work the fields
    need is done: ``article()`` for its six fields, ``dates(original=True)`` for the
    publication date and its signal, one walk for the link counts. Any failure becomes
    ``error`` (``"TypeError: ..."``) with every field ``None``.
    """
    from turbohtml import parse
    from turbohtml.extract import DateExtraction

    wanted = set(fields)
    row: dict[str, Any] = dict.fromkeys(fields)
    row["error"] = None
    try:
        if isinstance(html, (bytes, bytearray, memoryview)):
            markup: str | bytes = decode_html(bytes(html), charset)
        elif isinstance(html, str):
            markup = html
        else:
            raise TypeError(f"html must be str or bytes, not {type(html).__name__}")
        doc = parse(markup)
        values: dict[str, Any] = {}
        if wanted & _ARTICLE:
            article = doc.article()
            values.update(title=article.title, byline=article.byline, date=article.date,
                          description=article.description, lang=article.lang, text=article.text)
        if wanted & _DATES:
            found = doc.dates(DateExtraction(original=True))
            values.update(publication_date=found.date if found else None,
                          date_signal=found.signal if found else None)
        if wanted & _LINKS:
            values["links"], values["external_links"] = _link_counts(doc, url)
        for name in fields:
            row[name] = values[name]
    except Exception as error:  # one bad page must not fail its partition
        row = dict.fromkeys(fields)
        row["error"] = f"{type(error).__name__}: {error}"
    return row


# ------------------------------------------------------------------ frames

def _column(frame: pd.DataFrame, name: str | None) -> list[Any]:
    if name is None:
        return [None] * len(frame)
    return [None if value is None or value is pd.NA or (isinstance(value, float) and math.isnan(value))
            else value for value in frame[name].tolist()]


def extract_frame(pages: pd.DataFrame, html: str = "html", url: str | None = "url",
                  fields: Sequence[str] = ARTICLE_FIELDS, *, charset: str | None = "charset",
                  keep: Sequence[str] = ()) -> pd.DataFrame:
    """One output row per input row, in order: ``keep`` columns copied, then ``url``,
    the ``fields``, and ``error`` (dtypes from ``article_dtypes()``; the index is kept).

    ``html`` names the column of markup (``str`` or bytes), ``url`` the page URL column
    (the base for the link counts; ``None`` for none), ``charset`` the HTTP charset
    column, read only when the frame has it (``warc_frame()``'s does). A row whose input
    ``error`` column is set (a record ``warc_frame()`` could not read) is not extracted:
    its error is carried over.
    """
    chosen = _check_fields(fields)
    urls = _column(pages, url)
    bodies = _column(pages, html)
    charsets = _column(pages, charset if charset is not None and charset in pages.columns else None)
    errors = _column(pages, "error" if "error" in pages.columns else None)
    rows = []
    for body, page_url, page_charset, read_error in zip(bodies, urls, charsets, errors, strict=True):
        if read_error is not None:
            row: dict[str, Any] = dict.fromkeys(chosen)
            row["error"] = str(read_error)
        else:
            row = article_row(body, page_url, page_charset, chosen)
        rows.append(row)
    data: dict[str, Any] = {name: pages[name].array for name in keep}
    if url is not None:
        data["url"] = pd.array(urls, dtype=_STRING)
    for name, dtype in article_dtypes(chosen, url=False).items():
        data[name] = pd.array([row[name] for row in rows], dtype=dtype)
    out = pd.DataFrame(data)
    out.index = pages.index
    return out


def warc_frame(path: str | os.PathLike[str], start: int = 0, stop: int | None = None) -> pd.DataFrame:
    """The HTML responses of one WARC file as a frame with ``WARC_COLUMNS``, in file order,
    and a row with ``error`` set for each place the file is broken (``warc_entries()``),
    the input ``extract_frame()`` takes. ``start``/``stop`` read a slice of the file
    (record offsets, as ``warc_entries()`` takes them)."""
    from turbohtml.io import warc_entries

    name = os.fspath(path)
    entries = list(warc_entries(name, start=start, stop=stop))
    return pd.DataFrame({
        "warc": pd.array([name] * len(entries), dtype=_STRING),
        "offset": pd.array([entry.offset for entry in entries], dtype=_COUNT),
        "record_id": pd.array([entry.record_id for entry in entries], dtype=_STRING),
        "url": pd.array([entry.url for entry in entries], dtype=_STRING),
        "charset": pd.array([http_charset(entry.headers.get("content-type")) for entry in entries],
                            dtype=_STRING),
        # pyarrow directly: pd.array() with an ArrowDtype goes through objects, 40x slower
        "html": pd.arrays.ArrowExtensionArray(pa.array([entry.html for entry in entries], type=pa.large_binary())),
        "error": pd.array([entry.error for entry in entries], dtype=_STRING),
    })
