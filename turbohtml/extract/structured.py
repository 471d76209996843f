"""JSON-LD, the combined ``StructuredData`` record, ``Node.links()`` and base-URL rules.

The walks are C-level (``turbohtml._structured``); this module turns their output
into records. ``Document.structured_data()`` gathers JSON-LD, microdata and Open Graph
in one walk of the tree.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from turbohtml.extract.records import Link, StructuredData

if TYPE_CHECKING:
    from turbohtml._core import Document, Node

__all__ = ["MAX_JSON_LD_DEPTH", "document_json_ld", "document_structured_data", "node_links"]

#: JSON-LD blocks nesting arrays/objects deeper than this are skipped as hostile. Real
#: JSON-LD stays under 20 levels; the bound keeps ``json.loads`` (which recurses per
#: level) far from the interpreter's recursion limit.
MAX_JSON_LD_DEPTH = 256

# A block wrapped the way old pages hide scripts from ancient browsers: an HTML
# comment or a CDATA section, optionally behind // or /* */ (extruct strips the same).
_LEADING_WRAPPER = re.compile(r"\A\s*(?:(?://|/\*)[ \t]*)?(?:<!--|<!\[CDATA\[)[ \t]*(?:\*/)?")
_TRAILING_WRAPPER = re.compile(r"(?:(?://|/\*)[ \t]*)?(?:-->|\]\]>)[ \t]*(?:\*/)?\s*\Z")
_ASCII_SPACE = "\t\n\x0c\r "
# Leftovers hand-written JSON-LD carries: // and /* */ comments, whole HTML comments
# and trailing commas. Strings are matched first so a "//" inside a URL is left alone.
# Each comment and string runs to its one possible end, its repeats possessive (*+): a
# backtracking repeat saves its state at every character, and on a 400 kB unterminated
# comment that stack ran the split five times slower, past the caches.
_BLOCK_COMMENT = r"/\*(?:[^*]|\*(?!/))*+(?:\*/|\Z)"  # unterminated: runs to the end (no rescans)
_JS_LEFTOVERS = re.compile(
    # a string, kept (unterminated: to the end); runs of plain characters in one step
    r'("[^"\\]*+(?:\\.[^"\\]*+)*+(?:"|\Z))'
    rf"|//[^\n]*|{_BLOCK_COMMENT}|<!--(?:[^-]|-(?!->))*+(?:-->|\Z)"
    rf"|,(?=(?:\s|//[^\n]*|{_BLOCK_COMMENT})*[\]}}])",
)

Resolver = Callable[[str], str]


# ---------------------------------------------------------------- base URL


def check_base_url(base_url: object, /) -> str | None:
    """Validate a ``base_url`` argument: ``None`` or an absolute URL string."""
    if base_url is None:
        return None
    from turbohtml._core import url_parse

    if not isinstance(base_url, str):
        raise TypeError(f"base_url must be str or None, not {type(base_url).__name__}")
    try:
        return url_parse(base_url)[0]
    except ValueError:
        raise ValueError(f"base_url must be an absolute URL, got {base_url!r}") from None


def _verbatim(base_href: str | None) -> None:
    """The resolver factory without a base URL: values stay as written."""
    return None


def resolver_factory(base_url: str | None, /) -> Callable[[str | None], Resolver | None]:
    """``make_resolver(base_href)`` for ``_structured.collect``.

    Without ``base_url`` values stay verbatim (no resolver). With it, the document base
    URL is the first ``<base href>`` resolved against ``base_url`` (HTML Standard
    2.4.1, "frozen base URL"; ``base_url`` itself when that fails), and the resolver
    returns the WHATWG serialisation of a value against it, or ``""`` when the value
    does not parse (the microdata rule for URL properties).
    """

    if base_url is None:
        return _verbatim

    def make_resolver(base_href: str | None) -> Resolver | None:
        from turbohtml._core import url_parse

        base = base_url
        if base_href is not None:
            try:
                base = url_parse(base_href, base_url)[0]
            except ValueError:
                pass
        cache: dict[str, str] = {}

        def resolve(raw: str) -> str:
            value = cache.get(raw)
            if value is None:
                try:
                    value = url_parse(raw, base)[0]
                except ValueError:
                    value = ""
                cache[raw] = value
            return value

        return resolve

    return make_resolver


# ---------------------------------------------------------------- JSON-LD


def _reject_constant(name: str) -> Any:
    raise ValueError(f"JSON-LD may not contain {name}")


#: ``json.loads(text, strict=False, parse_constant=_reject_constant)`` builds a decoder
#: and its scanner per call; one serves every block (the scanner keeps no state between calls).
_DECODER = json.JSONDecoder(strict=False, parse_constant=_reject_constant)
#: Its scanner, called directly: ``decode()`` adds two regular-expression matches for the
#: JSON whitespace around the value (``[ \t\n\r]*``) and two Python calls, and a block
#: here is stripped of that whitespace already, so its value must end where the block does.
_SCAN_ONCE: Callable[[str, int], tuple[Any, int]] = _DECODER.scan_once  # type: ignore[attr-defined]  # (typeshed omits it)


def parse_json_ld(text: str, /) -> tuple[bool, Any]:
    """``(True, value)`` for a parseable JSON-LD block, ``(False, None)`` otherwise.

    Standard-library ``json`` with control characters allowed inside strings (real
    pages carry raw newlines there), NaN/Infinity rejected, nesting bounded by
    ``MAX_JSON_LD_DEPTH``. A block that fails is retried with an HTML-comment/CDATA
    wrapper removed, then with JavaScript/HTML comments and trailing commas removed
    (the leftovers extruct's comment-line rule and jstyleson tolerate); the parsing is always ``json``'s. A
    block must be an object or an array, as a JSON-LD document is (JSON-LD 1.1 9.1):
    the ``null``/``false`` placeholders some CMSs print are skipped.
    """
    text = text.strip(_ASCII_SPACE)
    if not text or _too_deep(text):
        return False, None  # depth is measured on the block as written
    for candidate in _attempts(text):
        # Removing a comment can move string boundaries, so each other candidate is re-measured.
        if not candidate or (candidate is not text and _too_deep(candidate)):
            continue
        if candidate.startswith("\ufeff"):  # json.loads rejects a byte-order mark
            continue
        try:
            value, end = _SCAN_ONCE(candidate, 0)  # (what decode() does for a stripped text)
        except (StopIteration, ValueError, RecursionError):
            continue  # no value at the start, or a malformed one
        if end != len(candidate):
            continue  # more after the value: json.loads' "Extra data"
        if isinstance(value, (dict, list)):
            return True, value
        return False, None
    return False, None


def _too_deep(text: str) -> bool:
    """Whether a JSON text nests deeper than ``MAX_JSON_LD_DEPTH``: only a text holding
    more brackets than that may (counted in one pass, faster than the scan, which skips
    the brackets inside strings)."""
    from turbohtml._structured import brackets_exceed, json_depth_exceeds

    return brackets_exceed(text, MAX_JSON_LD_DEPTH) and json_depth_exceeds(text, MAX_JSON_LD_DEPTH)


def _attempts(text: str) -> Iterator[str]:
    """The block as written, unwrapped, then each without JS/HTML leftovers (lazily)."""
    yield text
    unwrapped = _LEADING_WRAPPER.sub("", text, count=1)
    if "-->" in unwrapped or "]]>" in unwrapped:  # what a trailing wrapper holds (its search scans the block)
        unwrapped = _TRAILING_WRAPPER.sub("", unwrapped, count=1)
    unwrapped = unwrapped.strip(_ASCII_SPACE)
    seen = {text}
    if unwrapped not in seen:
        seen.add(unwrapped)
        yield unwrapped
    for source in (text, unwrapped):
        # the strings kept, the leftovers dropped: split() gives the text between matches and
        # each match's string group (None for a leftover), with no Python call per match
        cleaned = "".join(filter(None, _JS_LEFTOVERS.split(source))).strip(_ASCII_SPACE)
        if cleaned not in seen:
            seen.add(cleaned)
            yield cleaned


def _json_ld_values(texts: list[str]) -> list[Any]:
    values = []
    for text in texts:
        ok, value = parse_json_ld(text)
        if ok:
            values.append(value)
    return values


def document_json_ld(doc: Document, /) -> list[Any]:
    """Every parseable ``application/ld+json`` block of ``doc``, one parsed value each."""
    from turbohtml._structured import WANT_JSON_LD, collect

    _items, _og, texts, _resolve = collect(doc, WANT_JSON_LD, resolver_factory(None))
    return _json_ld_values(texts)


def document_structured_data(doc: Document, base_url: str | None = None, /) -> StructuredData:
    """JSON-LD, microdata and Open Graph of ``doc``, gathered in one walk."""
    from turbohtml._structured import WANT_JSON_LD, WANT_MICRODATA, WANT_OPENGRAPH, collect
    from turbohtml.extract.opengraph import build_opengraph

    base = check_base_url(base_url)
    items, og_pairs, texts, resolve = collect(
        doc, WANT_MICRODATA | WANT_OPENGRAPH | WANT_JSON_LD, resolver_factory(base)
    )
    return StructuredData(
        json_ld=_json_ld_values(texts),
        microdata=items,
        opengraph=build_opengraph(og_pairs, resolve),
    )


# ---------------------------------------------------------------- links()


def srcset_urls(value: str, /) -> list[str]:
    """The image candidate URLs of a ``srcset`` value (HTML Standard 4.8.4.3.10)."""
    urls: list[str] = []
    position, end = 0, len(value)
    while True:
        while position < end and (value[position] in _ASCII_SPACE or value[position] == ","):
            position += 1
        if position >= end:
            return urls
        start = position
        while position < end and value[position] not in _ASCII_SPACE:
            position += 1
        url = value[start:position]
        if url.endswith(","):
            urls.append(url.rstrip(","))
            continue
        # Skip the descriptors up to the next comma outside parentheses.
        in_parens = False
        while position < end:
            char = value[position]
            position += 1
            if char == "(":
                in_parens = True
            elif char == ")":
                in_parens = False
            elif char == "," and not in_parens:
                break
        urls.append(url)


def refresh_url(content: str, /) -> str | None:
    """The URL of a ``<meta http-equiv=refresh>`` content value, or ``None``.

    The HTML Standard's shared declarative refresh steps (7.11.1): a time, a ``;`` or
    ``,``, then the URL with an optional ``url=`` label and quotes.
    """
    position, end = 0, len(content)

    def skip_space(at: int) -> int:
        while at < end and content[at] in _ASCII_SPACE:
            at += 1
        return at

    position = skip_space(position)
    start = position
    while position < end and content[position].isascii() and content[position].isdigit():
        position += 1
    if position == start and (position >= end or content[position] != "."):
        return None
    while position < end and (
        content[position] == "." or (content[position].isascii() and content[position].isdigit())
    ):
        position += 1
    position = skip_space(position)
    if position < end and content[position] in ";,":
        position += 1
    elif position < end:
        return None
    position = skip_space(position)
    if position >= end:
        return None
    label_start = position
    if content[position : position + 3].lower() == "url":
        after = skip_space(position + 3)
        if after < end and content[after] == "=":
            position = skip_space(after + 1)
        else:
            position = label_start
    quote = None
    if position < end and content[position] in "'\"":
        quote = content[position]
        position += 1
    url = content[position:]
    if quote is not None and quote in url:
        url = url[: url.index(quote)]
    return url


def node_links(node: Node, /) -> list[Link]:
    """Every URL-bearing attribute at or below ``node`` as ``Link`` records, raw as written.

    ``a``/``area``/``link``/``base`` ``href``; ``img``/``source``/``script``/``iframe``/
    ``frame``/``embed``/``audio``/``video``/``track``/``input`` ``src``; each ``srcset``
    candidate; ``video`` ``poster``; ``form`` ``action``; ``button``/``input``
    ``formaction``; ``object`` ``data``; ``blockquote``/``q``/``del``/``ins`` ``cite``;
    the URL of a meta refresh (attribute ``content``). Document order; within an
    element, the order above.
    """
    from turbohtml._structured import links

    out: list[Link] = []
    for element, attribute, value in links(node):
        if attribute == "srcset":
            out.extend(Link(element, attribute, url) for url in srcset_urls(value))
        elif attribute == "content":
            url = refresh_url(value)
            if url is not None:
                out.append(Link(element, attribute, url))
        else:
            out.append(Link(element, attribute, value))
    return out
