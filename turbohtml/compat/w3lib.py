"""``w3lib.url``'s canonicalization over turbohtml's WHATWG normalizer.

    from turbohtml.compat.w3lib import canonicalize_url, url_query_cleaner

``canonicalize_url`` runs ``normalize_url`` with ``UrlCleaning.w3lib()``: WHATWG
parsing, sorted query, percent-encoding with uppercase hex, fragment dropped unless
``keep_fragments``, blank values dropped when ``keep_blank_values=False``. Unlike
w3lib, known tracking parameters are dropped too (the point of canonical forms for
deduplication). ``url_query_cleaner`` keeps (or with ``remove=True`` drops) the listed
parameters through ``UrlCleaning.query_allow``/``query_deny``; the surviving parameters
come back sorted, not in page order. Only UTF-8 query encoding and the ``&``/``=``
separators are supported: other values raise ``TypeError``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from urllib.parse import ParseResult

from turbohtml.extract.options import UrlCleaning
from turbohtml.extract.urls import normalize_url

__all__ = ["canonicalize_url", "url_query_cleaner"]

_UTF8 = frozenset({"utf-8", "utf8", "utf_8"})


def _text(url: Any, function: str) -> str:
    if isinstance(url, ParseResult):
        return url.geturl()
    if isinstance(url, bytes):
        return url.decode("utf-8")
    if isinstance(url, str):
        return url
    raise TypeError(f"{function}() takes the URL as str, bytes or ParseResult, not {type(url).__name__}")


def _split_query(url: str) -> tuple[str, str | None, str | None]:
    """``(before the query, query or None, fragment or None)``, by string partition."""
    url, hash_mark, fragment = url.partition("#")
    base, question, query = url.partition("?")
    return base, (query if question else None), (fragment if hash_mark else None)


def _join(base: str, pairs: list[str], fragment: str | None) -> str:
    url = base + ("?" + "&".join(pairs) if pairs else "")
    return url + ("#" + fragment if fragment is not None else "")


def canonicalize_url(url: str | bytes | ParseResult, keep_blank_values: bool = True,
                     keep_fragments: bool = False, encoding: str | None = None, *,
                     query_separator: str = "&") -> str:
    """Canonical form of ``url`` for comparison and deduplication (w3lib's call shape)."""
    text = _text(url, "canonicalize_url")
    if encoding is not None and encoding.lower() not in _UTF8:
        raise TypeError(f"canonicalize_url(encoding={encoding!r}) is not supported: queries are encoded as UTF-8 "
                        "(the URL standard's rule)")
    if query_separator != "&":
        raise TypeError(f"canonicalize_url(query_separator={query_separator!r}) is not supported: only '&'")
    if not keep_blank_values:
        base, query, fragment = _split_query(text)
        if query is not None:
            pairs = [pair for pair in query.split("&") if pair.partition("=")[2]]
            text = _join(base, pairs, fragment)
    options = UrlCleaning(strip_fragment=not keep_fragments)
    return normalize_url(text, options)


def url_query_cleaner(url: str | bytes, parameterlist: str | Sequence[str] = (), sep: str = "&",
                      kvsep: str = "=", remove: bool = False, unique: bool = True,
                      keep_fragments: bool = False) -> str:
    """Keep only the listed query parameters (or, with ``remove=True``, drop them)."""
    text = _text(url, "url_query_cleaner")
    if sep != "&" or kvsep != "=":
        raise TypeError("url_query_cleaner() supports only sep='&' and kvsep='='")
    if isinstance(parameterlist, (str, bytes)):
        parameterlist = (parameterlist,)
    names = frozenset(p.decode() if isinstance(p, bytes) else p for p in parameterlist)
    base, query, fragment = _split_query(text)
    if not keep_fragments:
        fragment = None
    if query is None or (not names and not remove):
        return _join(base, [], fragment)
    if unique:
        seen: set[str] = set()
        pairs = []
        for pair in query.split("&"):
            if not pair:
                continue
            key = pair.partition("=")[0]
            if key not in seen:
                seen.add(key)
                pairs.append(pair)
        text = _join(base, pairs, fragment)
    else:
        text = _join(base, [pair for pair in query.split("&") if pair], fragment)
    if remove:
        options = UrlCleaning(query_deny=names, strip_fragment=not keep_fragments)
    else:
        options = UrlCleaning(query_allow=names, strip_fragment=not keep_fragments)
    return normalize_url(text, options)
