"""Crawl-sized extraction on Dask: WARC files or tables of pages in, typed article columns out::

    import turbohtml.dask

    pages = turbohtml.dask.read_warc(sorted(glob.glob("crawl/*.warc.gz")))
    articles = turbohtml.dask.extract_articles(pages, keep=("warc", "record_id"))
    articles.to_parquet("articles/")

Each partition goes through ``turbohtml.frames.extract_frame`` on a worker, so a task
carries file paths and column names, never pages, and each page is parsed once. The
output schema is declared (``meta``), so Dask never runs the extraction to guess it.
Needs the extra ``turbohtml[dask]`` (Dask's dataframe, distributed, pandas, pyarrow) and,
for WARC files, ``turbohtml[warc]``.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

try:
    import dask
    import dask.bag as dask_bag
    import dask.dataframe as dask_frame
    import pandas as pd
except ImportError as _error:  # pragma: no cover - exercised without the extra only
    raise ImportError("turbohtml.dask needs Dask: pip install 'turbohtml[dask]'") from _error

from turbohtml.frames import (
    ARTICLE_FIELDS,
    WARC_COLUMNS,
    article_dtypes,
    extract_frame,
    warc_frame,
)
from turbohtml.io import http_charset

__all__ = ["extract_articles", "read_warc"]


def _empty(dtypes: Mapping[str, Any]) -> pd.DataFrame:
    return pd.DataFrame({name: pd.Series([], dtype=dtype) for name, dtype in dtypes.items()})


def _page_offsets(path: str) -> list[int] | None:
    """The offsets of a WARC file's pages (and broken records), or ``None`` when they
    cannot be read alone (a file compressed as one gzip stream)."""
    from turbohtml.io import seekable, warc_entries

    offsets = [entry.offset for entry in warc_entries(path, payloads=False) if entry.offset is not None]
    return offsets if not offsets or seekable(path, offsets) else None


def read_warc(paths: str | os.PathLike[str] | Iterable[str | os.PathLike[str]], *,
              records_per_partition: int | None = None) -> dask_frame.DataFrame:
    """The HTML responses of WARC files as a Dask DataFrame, one partition per file by default.

    Columns and dtypes are ``turbohtml.frames.WARC_COLUMNS`` (``warc``, ``offset``,
    ``record_id``, ``url``, ``charset``, ``html`` as bytes, ``error``); rows keep file
    order, partitions the order of ``paths``. A broken record or file becomes a row with
    ``error`` set. Lazy by default: the workers read the files when the result is
    computed, one whole file per task. ``records_per_partition`` cuts files into slices
    of that many pages instead, for fewer files than workers or files too big for a
    worker's memory; finding the cuts reads every file once now (in parallel on the
    current scheduler), without the bodies. Paths with ``://`` open through fsspec.
    """
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    names = [os.fspath(path) for path in paths]
    if not names:
        raise ValueError("read_warc() needs at least one WARC path")
    starts: list[int] = [0] * len(names)
    stops: list[int | None] = [None] * len(names)
    if records_per_partition is not None:
        if records_per_partition < 1:
            raise ValueError(f"records_per_partition must be at least 1, got {records_per_partition}")
        found = dask.compute(*[dask.delayed(_page_offsets)(name) for name in names])
        files, starts, stops = [], [], []
        for name, offsets in zip(names, found, strict=True):
            cuts = [0] if not offsets else offsets[::records_per_partition]
            files += [name] * len(cuts)
            starts += cuts
            stops += [*cuts[1:], None]
        names = files
    return dask_frame.from_map(warc_frame, names, starts, stops, meta=_empty(WARC_COLUMNS), label="read-warc",
                               enforce_metadata=False)


def _bag_frame(items: Iterable[Any], html: str, url: str | None, charset: str | None) -> pd.DataFrame:
    """A bag partition as an input frame: mappings read by column name, and the
    ``(url, html, headers)`` tuples of ``turbohtml.io.warc_records`` by position."""
    columns: dict[str, list[Any]] = {"html": [], "url": [], "charset": [], "error": []}
    for item in items:
        error = None
        if isinstance(item, Mapping):
            values = (item.get(html), item.get(url) if url else None, item.get(charset) if charset else None)
        elif isinstance(item, tuple) and len(item) == 3 and isinstance(item[2], Mapping):
            values = (item[1], item[0], http_charset(item[2].get("content-type")))
        else:
            values = (None, None, None)
            error = ("TypeError: a bag item must be a mapping or a (url, html, headers) tuple, "
                     f"not {type(item).__name__}")
        for column, value in zip(("html", "url", "charset"), values, strict=True):
            columns[column].append(value)
        columns["error"].append(error)
    return pd.DataFrame(columns, dtype=object)


def _bag_articles(items: Iterable[Any], html: str, url: str | None, charset: str | None,
                  fields: tuple[str, ...]) -> pd.DataFrame:
    frame = _bag_frame(items, html, url, charset)
    return extract_frame(frame, "html", "url" if url else None, fields, charset="charset")


def extract_articles(pages: dask_frame.DataFrame | dask_bag.Bag, html: str = "html", url: str | None = "url",
                     fields: Sequence[str] = ARTICLE_FIELDS, *, charset: str | None = "charset",
                     keep: Sequence[str] = ()) -> dask_frame.DataFrame:
    """Article columns for every page of a Dask DataFrame or Bag, partition by partition.

    The result has one row per page, in the input's order: the ``keep`` columns, ``url``,
    the ``fields`` (default ``turbohtml.frames.ARTICLE_FIELDS``: title, byline, date,
    description, lang, text, publication_date, date_signal, links, external_links) and
    ``error``, null unless the page failed. String columns are ``string[pyarrow]``,
    counts ``Int64``. ``html``, ``url`` and ``charset`` name the input columns (the
    charset one is read only when present; ``read_warc()`` provides it). A Bag holds
    mappings with those keys, or ``warc_records()``'s ``(url, html, headers)`` tuples;
    ``keep`` needs a DataFrame.
    """
    chosen = tuple(fields)
    kept = tuple(keep)
    if isinstance(pages, dask_bag.Bag):
        if kept:
            raise ValueError("keep= needs a Dask DataFrame input; a Bag's items have no column dtypes")
        meta = _empty(article_dtypes(chosen, url=url is not None))
        parts = [dask.delayed(_bag_articles)(part, html, url, charset, chosen) for part in pages.to_delayed()]
        return dask_frame.from_delayed(parts, meta=meta, verify_meta=False)
    if not isinstance(pages, dask_frame.DataFrame):
        raise TypeError("extract_articles() takes a Dask DataFrame or Bag, not "
                        f"{type(pages).__name__} (for a pandas DataFrame, call turbohtml.frames.extract_frame)")
    clash = [name for name in kept if name in ("url", *chosen, "error")]
    if clash:
        raise ValueError(f"extract_articles(): keep={kept!r} names output column {clash[0]!r}")
    needed = [html, *([url] if url is not None else []), *kept]
    missing = [name for name in needed if name not in pages.columns]
    if missing:
        raise ValueError(f"extract_articles(): no column {missing[0]!r} in {list(pages.columns)}")
    dtypes = {name: pages.dtypes[name] for name in kept}
    dtypes.update(article_dtypes(chosen, url=url is not None))
    return pages.map_partitions(extract_frame, html=html, url=url, fields=chosen, charset=charset, keep=kept,
                                meta=_empty(dtypes), enforce_metadata=False)
