"""What every harness shares: the seed pages and the structure-aware input builder.

An input is the fuzzer's byte string read through ``atheris.FuzzedDataProvider``: its
first choices pick a *mode*, the rest drive it.

- ``raw``: the bytes themselves, as bytes (encoding sniffing) and decoded as str
  (with lone surrogates kept, through ``surrogateescape``).
- ``page``: one of the real pages in ``../shared/data`` (truncated for speed), then a
  few mutations, each picked and sized by the fuzzer: insert a hostile shape from
  ``hostile.py`` or a random tag, delete/duplicate/swap a span, break a tag,
  re-encode the page in a legacy or broken encoding...
- ``grammar``: a page assembled from tag, attribute and text tokens.

Harnesses call ``build(fdp)`` and get ``(markup, as_bytes)``: the page as str and,
when the mode produced them, the bytes to feed ``parse(bytes)``.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

import contract
import hostile

#: Characters of a seed page kept for the mutated mode; big pages parse slowly and
#: the interesting structure is in the head and the start of the body.
SEED_CHARS = int(os.environ.get("TURBOHTML_FUZZ_SEED_CHARS", "30000"))
SEED_LIMIT = int(os.environ.get("TURBOHTML_FUZZ_SEEDS", "400"))

_SEEDS: list[str] | None = None


def seeds() -> list[str]:
    """Seed pages: a spread of the shared data (every 3rd page), truncated."""
    global _SEEDS
    if _SEEDS is None:
        _SEEDS = [text for _name, text in contract.pages(limit=SEED_LIMIT, max_chars=SEED_CHARS, stride=3)]
        if not _SEEDS:
            _SEEDS = ["<html><head><title>t</title></head><body><p>" + hostile.TEXT + "</p></body></html>"]
    return _SEEDS


TAGS = (
    "html", "head", "body", "title", "meta", "link", "base", "script", "style", "div", "p", "span", "a", "b", "i",
    "table", "tr", "td", "th", "ul", "ol", "li", "h1", "h2", "article", "section", "nav", "aside", "header", "footer",
    "main", "time", "img", "br", "pre", "code", "form", "select", "option", "template", "svg", "math", "noscript",
    "iframe", "textarea", "button", "figure", "figcaption", "blockquote", "abbr", "font", "frameset", "object",
)
ATTRS = (
    "class", "id", "href", "src", "rel", "itemscope", "itemprop", "itemtype", "itemid", "itemref", "property",
    "name", "content", "datetime", "lang", "type", "hreflang", "srcset", "style", "hidden", "role", "charset",
)
VALUES = (
    "content", "article", "comment sidebar", "footer", "og:title", "og:image", "article:published_time",
    "http://example.com/a?utm_source=x&id=3#f", "/rel/path", "//cdn.example/x.png", "javascript:void(0)",
    "2021-03-04T05:06:07Z", "12/31/1999", "application/ld+json", "nofollow", "x-default", "de", "a b", "",
    "http://[::1", "\x00", "\ud800", "http://schema.org/Article", "datePublished", "author", "1 2x, 3.png 10w",
)
TEXTS = (hostile.TEXT, "x", " ", "\u00a0", "2020-01-02", "&amp;", "&#0;", "\ud800", "\x00", "Mar 3, 2019", "<", "&")

_CODECS = ("utf-8", "utf-16", "utf-16-le", "cp1252", "latin-1", "shift_jis", "euc-jp", "gb18030", "koi8-r", "big5")
_CHARSETS = ("utf-8", "windows-1252", "shift_jis", "utf-16", "x-user-defined", "iso-2022-jp", "bogus", "utf-7")


def _text(fdp) -> str:
    return TEXTS[fdp.ConsumeIntInRange(0, len(TEXTS) - 1)] if fdp.ConsumeBool() else fdp.ConsumeUnicode(24)


def _size(fdp) -> int:
    """Mostly small sizes, sometimes large (the hostile shapes' n)."""
    roll = fdp.ConsumeIntInRange(0, 99)
    if roll < 80:
        return fdp.ConsumeIntInRange(0, 200)
    if roll < 97:
        return fdp.ConsumeIntInRange(200, 5000)
    return fdp.ConsumeIntInRange(5000, 100_000)


def _hostile(fdp) -> str:
    n = _size(fdp)
    choice = fdp.ConsumeIntInRange(0, 13)
    if choice == 0:
        return hostile.deep_inline(n, hostile.INLINE[fdp.ConsumeIntInRange(0, len(hostile.INLINE) - 1)])
    if choice == 1:
        return hostile.deep_mixed_inline(n)
    if choice == 2:  # block nesting is quadratic in lexbor: keep small
        return hostile.deep_block(min(n, 600), hostile.BLOCKISH[fdp.ConsumeIntInRange(0, len(hostile.BLOCKISH) - 1)])
    if choice == 3:
        return hostile.tag_soup(n)
    if choice == 4:
        return hostile.huge_attribute(n * 10)
    if choice == 5:
        return hostile.nul_and_surrogates(n)
    if choice == 6:
        return hostile.giant_comment(n * 10)
    if choice == 7:
        return hostile.giant_script(n * 10)
    if choice == 8:
        return hostile.pathological_classes(min(n, 3000))
    if choice == 9:
        return hostile.malformed_json_ld(min(n, 3000))
    if choice == 10:
        return hostile.itemref_cycles(min(n, 3000))
    if choice == 11:
        return hostile.formatting_distinct(n)
    if choice == 12:
        return hostile.parser_walks(min(n, 20_000))
    return f'<a href="{hostile.many_params_url(min(n, 10_000))}">x</a><a href="{url_from(fdp)}">y</a>'


def _tag(fdp) -> str:
    tag = TAGS[fdp.ConsumeIntInRange(0, len(TAGS) - 1)]
    if fdp.ConsumeIntInRange(0, 9) == 0:
        return f"</{tag}>"
    attrs = []
    for _ in range(fdp.ConsumeIntInRange(0, 3)):
        name = ATTRS[fdp.ConsumeIntInRange(0, len(ATTRS) - 1)]
        value = VALUES[fdp.ConsumeIntInRange(0, len(VALUES) - 1)] if fdp.ConsumeBool() else fdp.ConsumeUnicode(16)
        attrs.append(f' {name}="{value}"' if fdp.ConsumeBool() else f" {name}={value}")
    return f"<{tag}{''.join(attrs)}>"


def url_from(fdp) -> str:
    """A URL: a real test URL, a broken one, a generated one, or fuzzer text."""
    choice = fdp.ConsumeIntInRange(0, 5)
    if choice == 0:
        return hostile.BROKEN_URLS[fdp.ConsumeIntInRange(0, len(hostile.BROKEN_URLS) - 1)]
    if choice == 1:
        pool = _urls()
        return pool[fdp.ConsumeIntInRange(0, len(pool) - 1)]
    if choice == 2:
        return hostile.many_params_url(min(_size(fdp) * 2, 20_000))
    if choice == 3:
        scheme = ("http", "https", "HTTP", "ftp", "", "javascript", "mailto")[fdp.ConsumeIntInRange(0, 6)]
        host = ("example.com", "[::1]", "[2001:db8::", "xn--mnchen-3ya.de", "münchen.de", "127.0.0.1", "a..b",
                "%41.com", "EXAMPLE.co.uk")[fdp.ConsumeIntInRange(0, 8)]
        parts = [f"{scheme}://{host}" if scheme else host]
        for _ in range(fdp.ConsumeIntInRange(0, 6)):
            parts.append(("/", "/./", "/../", "//", "?", "&", "=", "#", "%", "%2e", ";", " ", "\t", "@", ":")[
                fdp.ConsumeIntInRange(0, 14)])
            parts.append(fdp.ConsumeUnicode(8))
        return "".join(parts)
    if choice == 4:
        return fdp.ConsumeUnicode(fdp.ConsumeIntInRange(0, 300))
    base = _urls()[fdp.ConsumeIntInRange(0, len(_urls()) - 1)]
    at = fdp.ConsumeIntInRange(0, len(base))
    return base[:at] + fdp.ConsumeUnicode(12) + base[at:]


_URLS: list[str] | None = None


def _urls() -> list[str]:
    global _URLS
    if _URLS is None:
        _URLS = contract.urls() or list(hostile.BROKEN_URLS)
    return _URLS


def _mutate(fdp, page: str) -> str:
    at = fdp.ConsumeIntInRange(0, len(page))
    op = fdp.ConsumeIntInRange(0, 9)
    if op <= 2:
        return page[:at] + _hostile(fdp) + page[at:]
    if op == 3:
        return page[:at] + "".join(_tag(fdp) + _text(fdp) for _ in range(fdp.ConsumeIntInRange(1, 20))) + page[at:]
    if op == 4:  # delete a span
        return page[:at] + page[at + fdp.ConsumeIntInRange(0, 2000):]
    if op == 5:  # duplicate a span
        chunk = page[at:at + fdp.ConsumeIntInRange(0, 3000)]
        return page[:at] + chunk * fdp.ConsumeIntInRange(1, 20) + page[at:]
    if op == 6:  # break the markup near `at`: drop or double a delimiter
        ch = ("<", ">", '"', "/", "=", "-", "&", ";")[fdp.ConsumeIntInRange(0, 7)]
        found = page.find(ch, at)
        if found < 0:
            return page
        return page[:found] + (ch * 2 if fdp.ConsumeBool() else "") + page[found + 1:]
    if op == 7:  # move a span elsewhere (misnesting)
        end = at + fdp.ConsumeIntInRange(0, 2000)
        chunk, rest = page[at:end], page[:at] + page[end:]
        to = fdp.ConsumeIntInRange(0, len(rest))
        return rest[:to] + chunk + rest[to:]
    if op == 8:
        return page[:at] + _text(fdp) + page[at:]
    return page[:at]  # truncate


def _encode(fdp, page: str) -> bytes:
    """The page as bytes: a codec, an optional BOM / meta charset, optional corruption."""
    codec = _CODECS[fdp.ConsumeIntInRange(0, len(_CODECS) - 1)]
    data = page.encode(codec, "surrogatepass" if codec == "utf-8" else "replace")
    if fdp.ConsumeBool():
        meta = f'<meta charset="{_CHARSETS[fdp.ConsumeIntInRange(0, len(_CHARSETS) - 1)]}">'.encode("ascii")
        data = meta + data
    if fdp.ConsumeIntInRange(0, 3) == 0:
        data = (b"\xef\xbb\xbf", b"\xfe\xff", b"\xff\xfe", b"\xef\xbb")[fdp.ConsumeIntInRange(0, 3)] + data
    for _ in range(fdp.ConsumeIntInRange(0, 4)):  # flip bytes
        if data:
            at = fdp.ConsumeIntInRange(0, len(data) - 1)
            data = data[:at] + bytes([fdp.ConsumeIntInRange(0, 255)]) + data[at + 1:]
    return data


def build(fdp) -> tuple[str, bytes | None]:
    """(markup as str, markup as bytes or None) for one fuzzer input."""
    mode = fdp.ConsumeIntInRange(0, 9)
    if mode <= 1:  # raw
        data = fdp.ConsumeBytes(fdp.remaining_bytes())
        return data.decode("utf-8", "surrogateescape"), data
    if mode <= 7:  # a real page, mutated
        pool = seeds()
        page = pool[fdp.ConsumeIntInRange(0, len(pool) - 1)]
        for _ in range(fdp.ConsumeIntInRange(0, 4)):
            page = _mutate(fdp, page)
        return page, (_encode(fdp, page) if fdp.ConsumeIntInRange(0, 3) == 0 else None)
    # grammar
    parts = []
    for _ in range(fdp.ConsumeIntInRange(0, 60)):
        roll = fdp.ConsumeIntInRange(0, 9)
        parts.append(_tag(fdp) if roll < 6 else _hostile(fdp) if roll == 9 else _text(fdp))
    page = "".join(parts)
    return page, (_encode(fdp, page) if fdp.ConsumeBool() else None)
