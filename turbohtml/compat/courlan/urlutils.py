"""``courlan.urlutils``: host, domain and base-URL helpers of courlan 1.4.0."""

from __future__ import annotations

import re
from collections.abc import Set as AbstractSet
from html import unescape
from urllib.parse import SplitResult, urljoin, urlsplit, urlunsplit

from turbohtml.compat import MIRRORED
from turbohtml.extract.urls import registrable_domain

__version__ = MIRRORED["courlan"]

__all__ = ["extract_domain", "filter_urls", "fix_relative_urls", "get_base_url", "get_host_and_path",
           "get_hostinfo", "is_external", "site_name"]

_PORT = re.compile(r"(?<=\D):\d+")
_NETLOC = re.compile(r"(?:[a-zA-Z][a-zA-Z0-9+.\-]*:)?//([^/?#\\]*)")


def _host(url: str) -> str | None:
    match = _NETLOC.match(url)
    if match is None:
        return None
    host = _PORT.sub("", match[1].rpartition("@")[2]).lower().rstrip(".")
    return host or None


def _domain_parts(url: str, fast: bool) -> tuple[str | None, str | None]:
    """``(name, registrable domain)``: ``("example", "example.co.uk")``. ``fast`` is
    accepted for courlan's signature (the Public Suffix List lookup is one C-speed trie walk)."""
    if not url or not isinstance(url, str):
        return None, None
    host = _host(url) if "://" in url else _host("//" + url)
    if host is None or "." not in host:
        return None, None
    site = registrable_domain(host)
    return site.split(".")[0], site


def extract_domain(url: str, blacklist: AbstractSet[str] | None = None, fast: bool = False) -> str | None:
    """The URL's domain (``www.`` dropped), ``None`` when it cannot be read or is blacklisted."""
    name, full = _domain_parts(url, fast)
    blacklist = blacklist or set()
    return full if full and name not in blacklist and full not in blacklist else None


def _parse(url: str | SplitResult) -> SplitResult:
    if isinstance(url, str):
        return urlsplit(unescape(url))
    if isinstance(url, SplitResult):
        return url
    raise TypeError("wrong input type:", type(url))


def get_base_url(url: str | SplitResult) -> str:
    """Scheme and host: ``https://example.org``."""
    parsed = _parse(url)
    return (parsed.scheme + "://" if parsed.scheme else "") + parsed.netloc


def get_host_and_path(url: str | SplitResult) -> tuple[str, str]:
    """``(base URL, path with query and fragment)``; ``ValueError`` without a host."""
    parsed = _parse(url)
    host = get_base_url(parsed)
    path = urlunsplit(("", "", parsed.path, parsed.query, parsed.fragment)) or "/"
    if not host:
        raise ValueError(f"incomplete URL: {url}")
    return host, path


def get_hostinfo(url: str) -> tuple[str | None, str]:
    """``(domain, base URL)``."""
    return extract_domain(url, fast=True), get_base_url(url)


def fix_relative_urls(baseurl: str, url: str) -> str:
    """``url`` made absolute against ``baseurl``; a foreign protocol-relative link gets ``http:``."""
    if url.startswith("{"):
        return url
    base_netloc = urlsplit(baseurl).netloc
    split = urlsplit(url)
    if split.netloc not in (base_netloc, ""):
        return url if split.scheme else urlunsplit(split._replace(scheme="http"))
    return urljoin(baseurl, url)


def filter_urls(link_list: list[str], urlfilter: str | None) -> list[str]:
    """The links containing ``urlfilter`` (all of them without one), sorted and unique;
    a feed-proxy link always passes."""
    if urlfilter is None:
        return sorted(set(link_list))
    kept = [link for link in link_list if urlfilter in link or re.search(r"feed(?:burner|proxy)", link, re.I)]
    return sorted(set(kept)) if kept else sorted(set(link_list))


def site_name(url: str) -> str | None:
    """The name of the URL's site without its public suffix (``example`` for
    ``https://www.example.co.uk/``), what ``is_external`` compares by default."""
    return _domain_parts(url, False)[0]


def is_external(url: str, reference: str, ignore_suffix: bool = True) -> bool:
    """Whether ``url`` is on another site than ``reference``; with ``ignore_suffix``
    ``example.org`` and ``example.de`` count as one site."""
    if ignore_suffix:
        first, second = site_name(url), site_name(reference)
    else:
        first, second = _domain_parts(url, False)[1], _domain_parts(reference, False)[1]
    return first != second
