"""Rich HTML views of turbohtml objects for Jupyter (``_repr_html_``), and ``highlight()``.

Pure Python, kept out of the C core: the records' and handles' ``_repr_html_`` methods
import from here when a notebook asks for them. Two rules hold for every function:

- everything taken from a page (text, attribute values, URLs, JSON) goes through
  ``html.escape`` before it reaches the output, and URLs are only emitted as ``src``
  when they are ``http``/``https`` (or a ``data:image/`` raster);
- the page's own markup is only ever shown inside ``<iframe sandbox srcdoc="...">``
  (no ``allow-scripts``), with the ``srcdoc`` value escaped, after its scripts, event
  handler attributes, frames, plugins and ``javascript:`` URLs have been stripped, and
  under a ``Content-Security-Policy`` that forbids scripts: three independent fences.

Walks are iterative and output is capped, so a 100,000-deep page or a 10,000-deep
microdata item renders in bounded time without recursion.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from html import escape
from itertools import zip_longest
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from turbohtml._core import Document, Node
    from turbohtml.extract.options import Extraction
    from turbohtml.extract.records import (
        Article,
        MicrodataItem,
        Paragraph,
        PublicationDate,
        StructuredData,
    )

__all__ = [
    "article_html",
    "boilerplate_compare_html",
    "boilerplate_html",
    "date_html",
    "highlight",
    "microdata_html",
    "node_html",
    "opengraph_html",
    "paragraph_html",
    "sandboxed_iframe",
    "structured_html",
]

#: Characters of page source shown in a node preview before it is cut.
PREVIEW_CHARS = 20_000
#: Characters of article text / JSON shown before the view is cut.
TEXT_CHARS = 50_000
#: Nested microdata levels rendered before "deeper levels" stands in for the rest.
MICRODATA_DEPTH = 32
#: Microdata values rendered in one view before the tree is cut.
MICRODATA_VALUES = 2_000
#: Characters of text ``highlight()`` reads while matching in-content units to nodes
#: (a pathological 100,000-deep content body would otherwise cost quadratic time);
#: past it, the remaining in-content boilerplate units are left undimmed.
MATCH_CHARS = 5_000_000

_FONT = "font-family:system-ui,-apple-system,Segoe UI,sans-serif;font-size:13px;line-height:1.45"
_MUTED = "color:#6b7280"
_BOX = f"{_FONT};border:1px solid #d0d7de;border-radius:6px;padding:8px 10px;max-width:920px"
_CONTENT_COLOUR = "#1a7f37"
_BOILERPLATE_COLOUR = "#9ca3af"


def _e(value: object) -> str:
    """``value`` as text, escaped for element content and quoted attribute values alike."""
    return escape(str(value), quote=True)


def _cut(text: str, limit: int) -> tuple[str, int]:
    """``text`` cut to ``limit`` characters, and how many were left out."""
    if len(text) <= limit:
        return text, 0
    return text[:limit], len(text) - limit


def _size(chars: int) -> str:
    if chars < 1000:
        return f"{chars} chars"
    return f"{chars / 1000:.1f}k chars"


def _plural(count: int, word: str) -> str:
    if count == 1:
        return f"{count} {word}"
    return f"{count} {'children' if word == 'child' else 'properties' if word == 'property' else word + 's'}"


_SAFE_IMAGE = re.compile(r"(?:https?://|data:image/(?:png|jpeg|gif|webp|avif);)", re.IGNORECASE)


def _image_url(url: object) -> str | None:
    """``url`` when a browser may fetch it as an ``<img src>`` in a notebook, else ``None``."""
    if not isinstance(url, str):
        return None
    url = url.strip()
    return url if _SAFE_IMAGE.match(url) else None


def _link_url(url: object) -> str | None:
    """``url`` when it is an ``http``/``https`` address a link may point at, else ``None``."""
    if not isinstance(url, str):
        return None
    url = url.strip()
    return url if re.match(r"https?://", url, re.IGNORECASE) else None


# ---------------------------------------------------------------- node handles


def _start_tag(tag: str, attrs: Mapping[str, str]) -> str:
    parts = [tag]
    for name, value in attrs.items():
        parts.append(f'{name}="{value}"' if value else name)
    return "<" + " ".join(parts) + ">"


def node_html(node: Node) -> str:
    """A collapsed, escaped preview of a handle: tag, size and child count, source inside.

    A ``Document`` shows its title; an ``Element`` its start tag; text and comment
    nodes their data. The source is shown as escaped text in a ``<pre>`` (never
    rendered), cut at ``PREVIEW_CHARS`` characters.
    """
    from turbohtml._core import Comment, Document, Element, Text

    if isinstance(node, Document):
        source = node.html
        root = node.root
        children = len(node.body) if node.body is not None else 0
        head = (
            f"<b>Document</b> <span>{_e(node.title or '(no title)')}</span>"
            f" <span style='{_MUTED}'>· {_size(len(source))} · body has {_plural(children, 'child')}"
            f"{' · lang=' + _e(root.attr('lang')) if root is not None and root.attr('lang') else ''}</span>"
        )
    elif isinstance(node, Element):
        source = node.html
        head = (
            f"<code>{_e(_start_tag(node.tag or '', node.attrs))}</code>"
            f" <span style='{_MUTED}'>· {_size(len(source))} · {_plural(len(node), 'child')}"
            f" · {_size(len(node.text))} of text</span>"
        )
    elif isinstance(node, Text | Comment):
        kind = "Text" if isinstance(node, Text) else "Comment"
        data, left = _cut(node.text, PREVIEW_CHARS)
        more = f"<span style='{_MUTED}'> … {left} more characters</span>" if left else ""
        return (
            f"<div class='turbohtml-node' style='{_FONT}'><b>{kind}</b> "
            f"<span style='{_MUTED}'>· {_size(len(node.text))}</span>"
            f"<pre style='white-space:pre-wrap;margin:4px 0'>{_e(data)}{more}</pre></div>"
        )
    else:
        return f"<div class='turbohtml-node' style='{_FONT}'><code>{_e(repr(node))}</code></div>"
    shown, left = _cut(source, PREVIEW_CHARS)
    more = f"\n<span style='{_MUTED}'>… {left} more characters</span>" if left else ""
    return (
        f"<details class='turbohtml-node' style='{_FONT}'><summary>{head}</summary>"
        f"<pre style='white-space:pre-wrap;max-height:400px;overflow:auto;margin:4px 0;"
        f"padding:6px;background:#f6f8fa'>{_e(shown)}{more}</pre></details>"
    )


# ---------------------------------------------------------------- records


def _table(rows: Iterable[tuple[str, str]]) -> str:
    """A two-column table; ``rows`` values are already-escaped HTML."""
    body = "".join(
        f"<tr><th style='text-align:left;padding:2px 10px 2px 0;vertical-align:top;{_MUTED}'>{name}</th>"
        f"<td style='text-align:left;padding:2px 0'>{value}</td></tr>"
        for name, value in rows
    )
    return f"<table style='border-collapse:collapse;margin:0 0 6px'>{body}</table>"


def _maybe(value: object) -> str:
    if value is None:
        return f"<span style='{_MUTED}'>None</span>"
    return _e(value)


def article_html(article: Article) -> str:
    """An ``Article``: the metadata table, then the text, paragraph by paragraph."""
    element = article.element
    if element is None:
        where = f"<span style='{_MUTED}'>None (nothing scored)</span>"
    else:
        where = f"<code>{_e(_start_tag(element.tag or '', element.attrs))}</code>"
    rows = [
        ("title", _maybe(article.title)),
        ("byline", _maybe(article.byline)),
        ("date", _maybe(article.date)),
        ("description", _maybe(article.description)),
        ("lang", _maybe(article.lang)),
        ("element", where),
        ("text", _e(_size(len(article.text)))),
    ]
    text, left = _cut(article.text, TEXT_CHARS)
    paragraphs = "".join(
        f"<p style='margin:0 0 8px'>{_e(block)}</p>" for block in text.split("\n\n") if block.strip()
    )
    if left:
        paragraphs += f"<p style='{_MUTED}'>… {left} more characters</p>"
    if not paragraphs:
        paragraphs = f"<p style='{_MUTED}'>(no text)</p>"
    return (
        f"<div class='turbohtml-article' style='{_BOX}'><div><b>Article</b></div>{_table(rows)}"
        f"<div style='border-top:1px solid #d0d7de;padding-top:6px;max-height:500px;overflow:auto'>"
        f"{paragraphs}</div></div>"
    )


def _paragraph_row(paragraph: Paragraph, note: str = "") -> str:
    if paragraph.is_boilerplate:
        style = f"border-left:4px solid {_BOILERPLATE_COLOUR};color:#6b7280;text-decoration:line-through;"
        style += "text-decoration-color:#d1d5db"
        kind = "boilerplate"
    else:
        style = f"border-left:4px solid {_CONTENT_COLOUR};color:#111827"
        kind = "content"
    badge = (
        "<span style='font-size:11px;background:#ddf4ff;color:#0969da;border-radius:3px;"
        "padding:0 4px;margin-right:6px;text-decoration:none;display:inline-block'>heading</span>"
        if paragraph.is_heading
        else ""
    )
    weight = "font-weight:600;" if paragraph.is_heading else ""
    return (
        f"<div class='turbohtml-paragraph {kind}' data-kind='{kind}' "
        f"style='{style};{weight}padding:2px 8px;margin:2px 0'>{badge}{_e(paragraph.text)}{note}</div>"
    )


def paragraph_html(paragraph: Paragraph) -> str:
    """One ``Paragraph``, coloured by its class (green bar: content; grey, struck: boilerplate)."""
    return f"<div style='{_FONT}'>{_paragraph_row(paragraph)}</div>"


def _counts(paragraphs: Sequence[Paragraph]) -> str:
    content = sum(not p.is_boilerplate for p in paragraphs)
    headings = sum(p.is_heading for p in paragraphs)
    chars = sum(len(p.text) for p in paragraphs if not p.is_boilerplate)
    return (
        f"{_plural(len(paragraphs), 'paragraph')}: {content} content, "
        f"{len(paragraphs) - content} boilerplate, {_plural(headings, 'heading')}; "
        f"{_size(chars)} of content"
    )


def boilerplate_html(paragraphs: Sequence[Paragraph]) -> str:
    """The ``boilerplate()`` result: a one-line summary of counts, then every paragraph in
    document order, content and boilerplate visibly different and headings marked.

    ``boilerplate()`` returns a plain ``list``; in a notebook show it with
    ``IPython.display.HTML(boilerplate_html(doc.boilerplate()))``.
    """
    paragraphs = list(paragraphs)
    rows = "".join(_paragraph_row(p) for p in paragraphs)
    return (
        f"<div class='turbohtml-boilerplate' style='{_BOX}'>"
        f"<div class='summary' style='margin-bottom:6px'><b>boilerplate()</b> "
        f"<span style='{_MUTED}'>{_e(_counts(paragraphs))}</span></div>{rows}</div>"
    )


def boilerplate_compare_html(
    left: Sequence[Paragraph],
    right: Sequence[Paragraph],
    labels: tuple[str, str] = ("left", "right"),
) -> str:
    """Two classifications of the same page side by side (say the default ``Extraction``
    against ``Extraction.justext()``); rows classified differently are flagged.

    Both lists come from the same page, so their units line up one to one (the options
    change classifications, never segmentation); extra rows on either side are shown
    against an empty cell.
    """
    left, right = list(left), list(right)
    changed = 0
    rows = []
    for a, b in zip_longest(left, right):
        differs = a is None or b is None or a.is_boilerplate != b.is_boilerplate
        changed += differs
        flag = "background:#fff8c5;" if differs else ""
        cells = "".join(
            f"<td style='vertical-align:top;padding:0 4px;width:50%'>{_paragraph_row(p) if p else ''}</td>"
            for p in (a, b)
        )
        rows.append(f"<tr class='{'changed' if differs else 'same'}' style='{flag}'>{cells}</tr>")
    head = "".join(
        f"<th style='text-align:left;padding:2px 4px'>{_e(label)}<br>"
        f"<span style='{_MUTED};font-weight:normal'>{_e(_counts(side))}</span></th>"
        for label, side in zip(labels, (left, right), strict=False)
    )
    return (
        f"<div class='turbohtml-compare' style='{_BOX}'>"
        f"<div class='summary' style='margin-bottom:6px'><b>boilerplate() compared</b> "
        f"<span style='{_MUTED}'>{_plural(changed, 'paragraph')} classified differently</span></div>"
        f"<table style='border-collapse:collapse;width:100%'><tr>{head}</tr>{''.join(rows)}</table></div>"
    )


_SIGNALS = {
    "url": "a date pattern in the URL",
    "meta": "a publication/modification <meta> tag",
    "json-ld": "a JSON-LD datePublished/dateModified",
    "time": "a <time> element",
    "text": "the visible page text",
}


def date_html(date: PublicationDate) -> str:
    """A ``PublicationDate``: the date, and the signal it was read from."""
    explain = _SIGNALS.get(date.signal, "")
    return (
        f"<span class='turbohtml-date' style='{_FONT}'><b>{_e(date.date)}</b> "
        f"<span style='{_MUTED}'>from <code>{_e(date.signal)}</code>"
        f"{' (' + _e(explain) + ')' if explain else ''}</span></span>"
    )


def opengraph_html(og: Mapping[str, str]) -> str:
    """An ``OpenGraph`` mapping as a link-preview card (image, site, title, description),
    followed by every property in a collapsed table."""
    if not og:
        return f"<div class='turbohtml-opengraph' style='{_BOX};{_MUTED}'>OpenGraph: no og: properties</div>"
    image = _image_url(og.get("image") or og.get("image:url") or og.get("image:secure_url"))
    url = og.get("url")
    link = _link_url(url)
    site = og.get("site_name") or (re.sub(r"^https?://([^/?#]*).*$", r"\1", link, flags=re.IGNORECASE) if link else "")
    title = og.get("title") or "(no og:title)"
    picture = (
        f"<img src='{_e(image)}' alt='' referrerpolicy='no-referrer' "
        "style='display:block;width:100%;max-height:240px;object-fit:cover;background:#f6f8fa'>"
        if image
        else ""
    )
    heading = f"<a href='{_e(link)}' target='_blank' rel='noopener noreferrer'>{_e(title)}</a>" if link else _e(title)
    description = og.get("description")
    valid = getattr(og, "is_valid", None)
    status = ""
    if callable(valid):
        status = "valid card" if valid() else "missing a required og:title/type/image/url"
    rows = "".join(
        f"<tr><th style='text-align:left;padding:1px 10px 1px 0;{_MUTED}'>og:{_e(key)}</th>"
        f"<td style='word-break:break-all'>{_e(value)}</td></tr>"
        for key, value in og.items()
    )
    return (
        f"<div class='turbohtml-opengraph' style='{_FONT};max-width:420px'>"
        "<div class='card' style='border:1px solid #d0d7de;border-radius:8px;overflow:hidden'>"
        f"{picture}<div style='padding:8px 10px'>"
        f"<div style='{_MUTED};font-size:11px;text-transform:uppercase'>{_e(site)}</div>"
        f"<div style='font-weight:600;margin:2px 0'>{heading}</div>"
        f"{'<div>' + _e(description) + '</div>' if description else ''}</div></div>"
        f"<details><summary style='{_MUTED}'>{_plural(len(og), 'property')}"
        f"{' · ' + status if status else ''}</summary>"
        f"<table style='border-collapse:collapse'>{rows}</table></details></div>"
    )


def microdata_html(item: MicrodataItem) -> str:
    """A ``MicrodataItem`` as a nested property tree (type, id, then each property's values).

    Built iteratively; levels beyond ``MICRODATA_DEPTH`` and values beyond
    ``MICRODATA_VALUES`` are summarized instead of rendered.
    """
    from turbohtml.extract.records import MicrodataItem

    out: list[str] = []
    budget = MICRODATA_VALUES
    # The work stack holds items to open (with their depth) and literal HTML, in reverse.
    work: list[tuple[MicrodataItem, int] | str] = [(item, 0)]
    while work:
        entry = work.pop()
        if isinstance(entry, str):
            out.append(entry)
            continue
        current, depth = entry
        label = " ".join(current.types) or "(untyped item)"
        ident = f" <span style='{_MUTED}'>id {_e(current.id)}</span>" if current.id is not None else ""
        out.append(f"<div class='turbohtml-item'><b>{_e(label)}</b>{ident}")
        if depth >= MICRODATA_DEPTH and current.properties:
            out.append(f"<div style='{_MUTED};margin-left:14px'>… deeper levels not shown</div></div>")
            continue
        pending: list[tuple[MicrodataItem, int] | str] = [
            "<ul style='margin:2px 0 2px 0;padding-left:18px'>"
        ]
        for name, values in current.properties.items():
            for value in values:
                if budget <= 0:
                    break
                budget -= 1
                pending.append(f"<li><code>{_e(name)}</code>: ")
                if isinstance(value, MicrodataItem):
                    pending.append((value, depth + 1))
                else:
                    pending.append(_e(value))
                pending.append("</li>")
        if budget <= 0:
            pending.append(f"<li style='{_MUTED}'>… more values not shown</li>")
        pending.append("</ul></div>")
        work.extend(reversed(pending))
    return f"<div class='turbohtml-microdata' style='{_BOX}'>{''.join(out)}</div>"


def _json_block(value: Any) -> str:
    try:
        text = json.dumps(value, indent=2, ensure_ascii=False)
    except (RecursionError, TypeError, ValueError):
        import reprlib

        text = reprlib.repr(value)  # depth-limited, so a pathologically nested block still shows
    text, left = _cut(text, TEXT_CHARS)
    more = f"\n… {left} more characters" if left else ""
    return (
        f"<pre style='white-space:pre-wrap;max-height:300px;overflow:auto;margin:2px 0;"
        f"padding:6px;background:#f6f8fa'>{_e(text + more)}</pre>"
    )


def structured_html(data: StructuredData) -> str:
    """A ``StructuredData``: JSON-LD blocks, microdata trees and the Open Graph card."""
    json_ld = "".join(_json_block(block) for block in data.json_ld)
    items = "".join(microdata_html(item) for item in data.microdata)
    sections = (
        f"<details open><summary><b>JSON-LD</b> <span style='{_MUTED}'>"
        f"{_plural(len(data.json_ld), 'block')}</span></summary>{json_ld}</details>"
        f"<details open><summary><b>Microdata</b> <span style='{_MUTED}'>"
        f"{_plural(len(data.microdata), 'item')}</span></summary>{items}</details>"
        f"<details open><summary><b>Open Graph</b> <span style='{_MUTED}'>"
        f"{_plural(len(data.opengraph), 'property')}</span></summary>{opengraph_html(data.opengraph)}</details>"
    )
    return f"<div class='turbohtml-structured' style='{_BOX}'>{sections}</div>"


# ---------------------------------------------------------------- highlight

#: Elements dropped with their subtree from the page copy: script and plugin carriers,
#: nested browsing contexts, and elements that redirect or re-base the copy.
_DROP = frozenset(
    {
        "script", "noscript", "iframe", "frame", "frameset", "object", "embed", "applet",
        "template", "base", "portal", "fencedframe", "noembed", "noframes", "param",
    }
)
_VOID = frozenset(
    {
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr", "param", "keygen",
    }
)
#: Raw text elements: the parser ended them at their end tag, so the text is emitted
#: as is (escaping it would change what it means).
_RAW = frozenset({"style", "xmp"})
_URL_ATTRS = frozenset({"src", "poster", "srcset", "imagesrcset", "data", "background", "lowsrc", "dynsrc"})
_NAVIGATING_ATTRS = frozenset({"href", "xlink:href", "action", "formaction", "ping", "cite", "longdesc"})
_DANGEROUS_SCHEME = re.compile(r"(?:javascript|vbscript|data|livescript|mocha):", re.IGNORECASE)
_CONTROLS = re.compile(r"[\x00-\x20\x7f]+")

_HIGHLIGHT_CSS = (
    "[data-turbohtml=content]{outline:3px solid #1a7f37 !important;outline-offset:3px !important;"
    "background-color:rgba(26,127,55,.04) !important}"
    "[data-turbohtml=boilerplate]{opacity:.35 !important;filter:grayscale(1) !important}"
)
_CSP = (
    "default-src 'none'; script-src 'none'; object-src 'none'; frame-src 'none'; "
    "style-src 'unsafe-inline' http: https:; img-src http: https: data:; font-src http: https: data:; "
    "media-src http: https:; form-action 'none'; base-uri 'none'"
)


def _clean_attrs(tag: str, attrs: Mapping[str, str]) -> list[tuple[str, str]]:
    """The attributes of an element of the page copy that are safe to keep."""
    kept = []
    for name, value in attrs.items():
        lower = name.lower()
        if lower.startswith("on") or lower in ("srcdoc", "data-turbohtml", "http-equiv", "nonce"):
            continue
        squeezed = _CONTROLS.sub("", value)
        if re.match(r"(?:javascript|vbscript):", squeezed, re.IGNORECASE):
            continue  # inert outside a URL attribute, but never worth keeping
        if lower in _NAVIGATING_ATTRS or lower.endswith(":href"):
            if _DANGEROUS_SCHEME.match(squeezed):
                continue
        elif lower in _URL_ATTRS:
            # A relative resource cannot resolve inside srcdoc (its base is the
            # notebook's), so only absolute http(s) and data: rasters are kept.
            if lower in ("srcset", "imagesrcset"):
                candidates = [c.strip().split(" ")[0] for c in value.split(",") if c.strip()]
                if not candidates or not all(re.match(r"https?://", c, re.IGNORECASE) for c in candidates):
                    continue
            elif _image_url(value) is None:
                continue
        elif lower == "style" and re.search(r"url\s*\(|expression\s*\(|@import", value, re.IGNORECASE):
            continue
        kept.append((name, value))
    return kept


_TAG_NAME = re.compile(r"[a-z][a-z0-9._-]*")
_ATTR_NAME = re.compile(r"[^\s\"'>/=\x00-\x1f]+")


def _serialize_copy(doc: Document, marks: Mapping[Node, str], css: str) -> str:
    """The page re-serialized with ``marks`` as ``data-turbohtml`` attributes, the unsafe
    parts dropped, and the highlight stylesheet and CSP appended to ``<head>``."""
    from turbohtml._core import Comment, Element, Text

    out: list[str] = ["<!DOCTYPE html>"]
    extra_head = (
        f'<meta http-equiv="Content-Security-Policy" content="{_e(_CSP)}">'
        f'<meta name="referrer" content="no-referrer"><style>{css}</style>'
    )
    # Work entries: a Node to open, or a str to emit (end tags), in reverse order.
    work: list[Node | str] = list(reversed(doc.children))
    plain_tags: dict[str, bool] = {}
    head_done = False
    while work:
        entry = work.pop()
        if isinstance(entry, str):
            out.append(entry)
            continue
        mark = marks.get(entry)
        if isinstance(entry, Text):
            parent = entry.parent
            data = entry.text
            if parent is not None and parent.tag in _RAW:
                # Raw text is emitted as is, unless it holds a "<" (in foreign content a
                # <style> child is ordinary text, which could spell "</style><script>").
                out.append(data if "<" not in data else escape(data, quote=False))
            elif mark is not None:
                out.append(f'<span data-turbohtml="{mark}">{escape(data, quote=False)}</span>')
            else:
                out.append(escape(data, quote=False))
            continue
        if isinstance(entry, Comment) or not isinstance(entry, Element):
            continue  # comments and the doctype node: the copy writes its own doctype
        tag = entry.tag or ""
        plain = plain_tags.get(tag)
        if plain is None:  # asked once per distinct tag name
            plain = plain_tags[tag] = _TAG_NAME.fullmatch(tag) is not None
        if tag in _DROP or not plain:
            continue
        if tag == "meta" and entry.attr("charset") is None and entry.attr("name") != "viewport":
            continue  # metadata is inert for viewing; http-equiv ones (refresh) are not
        if tag == "link":
            rel = (entry.attr("rel") or "").lower().split()
            if "stylesheet" not in rel or _link_url(entry.attr("href")) is None:
                continue
        source_attrs = entry.attrs
        attrs = [
            (name, value)
            for name, value in _clean_attrs(tag, source_attrs)
            if _ATTR_NAME.fullmatch(name)
        ] if source_attrs else []
        if mark is not None:
            attrs.append(("data-turbohtml", mark))
        out.append("<" + tag + "".join(f' {name}="{_e(value)}"' for name, value in attrs) + ">")
        if tag in _VOID:
            continue
        end = f"</{tag}>"
        if tag == "head":
            end = extra_head + end
            head_done = True
        work.append(end)
        work.extend(reversed(entry.children))
    if not head_done:
        out.insert(1, f"<head>{extra_head}</head>")
    return "".join(out)


def _fold(text: str) -> str:
    return " ".join(text.split())


def _holds_only(node: Node) -> bool:
    """Whether ``node``'s parent holds no visible text beside ``node`` (so both read alike)."""
    for step in ("previous_sibling", "next_sibling"):
        other = getattr(node, step)
        while other is not None:
            if other.text.strip():
                return False
            other = getattr(other, step)
    return True


def _marks(doc: Document, options: Extraction | None) -> tuple[dict[Node, str], Node | None, int, int]:
    """Which nodes of ``doc`` to outline (the content body) and dim (boilerplate units).

    Everything beside the content body's ancestor chain is boilerplate by construction.
    Inside the content body each unit boilerplate() classifies as boilerplate is dimmed
    at its block element (``ParagraphUnit.block``), widened to the outermost element
    holding the same text; when the block holds more than the unit (text beside nested
    blocks), at the node inside the block whose text is the unit's, in order.
    Returns the marks, the content body, and the boilerplate / content unit counts.
    """
    from turbohtml._core import Element, Text
    from turbohtml._score import scored_winner
    from turbohtml._units import IN_CONTENT, paragraph_units
    from turbohtml.extract.boilerplate import is_boilerplate_unit
    from turbohtml.extract.options import Extraction

    if options is None:
        options = Extraction()
    elif not isinstance(options, Extraction):
        raise TypeError(f"options must be an Extraction or None, not {type(options).__name__}")
    winner, pruned = scored_winner(doc)
    marks: dict[Node, str] = {}
    units = []
    for unit in paragraph_units(doc, winner, pruned):
        text, flags, chars, link_chars = unit
        folded = _fold(text)
        if folded:
            units.append((folded, flags, is_boilerplate_unit(folded, flags, chars, link_chars, options), unit.block))
    dimmed = sum(bad for _, _, bad, _ in units)
    kept = len(units) - dimmed
    body = doc.body
    if winner is None:
        if body is not None:
            for child in body.children:
                if isinstance(child, Element) or (isinstance(child, Text) and child.text.strip()):
                    marks[child] = "boilerplate"
        return marks, None, dimmed, kept
    marks[winner] = "content"
    # Outside: the siblings of every ancestor of the winner below <body>.
    chain: list[Node] = []
    step: Node | None = winner
    while step is not None and step != body and step != doc:
        chain.append(step)
        step = step.parent
    if step == body:
        for link in chain:
            parent = link.parent
            for sibling in parent.children if parent is not None else ():
                if sibling == link:
                    continue
                if isinstance(sibling, Element) or (isinstance(sibling, Text) and sibling.text.strip()):
                    marks[sibling] = "boilerplate"
    # Inside: each in-content boilerplate unit at the node its block gives.
    around = set(chain) | {doc}
    step = body
    while step is not None:
        around.add(step)
        step = step.parent
    whole: dict[Node, bool] = {}  # block -> whether its text is one unit's
    pending: dict[Node, list[Node]] = {}  # block -> nodes not yet matched, next last
    budget = MATCH_CHARS
    for folded, flags, bad, block in units:
        if not flags & IN_CONTENT or budget <= 0:
            continue
        if block is None or block in around:
            block = winner  # text right in the content body (the body itself is never dimmed)
        elif block not in whole:
            text = block.text
            budget -= len(text) + 1
            whole[block] = _fold(text) == folded
        if block is not winner and whole[block]:
            if bad:
                while block.parent is not None and block.parent != winner and _holds_only(block):
                    block = block.parent
                marks[block] = "boilerplate"
            continue
        work = pending.setdefault(block, list(reversed(block.children)))
        while work and budget > 0:
            node = work.pop()
            if not isinstance(node, Element | Text):
                continue
            text = node.text
            budget -= len(text) + 1
            found = _fold(text)
            if found == folded:
                if bad:
                    marks[node] = "boilerplate"
                break
            if found and isinstance(node, Element):
                work.extend(reversed(node.children))
    return marks, winner, dimmed, kept


def sandboxed_iframe(page: str, height: int = 600) -> str:
    """``page`` (a full HTML document) in an ``<iframe sandbox srcdoc>``: no scripts, no
    same-origin access, no forms, popups or top navigation; ``srcdoc`` escaped."""
    return (
        f'<iframe sandbox="" referrerpolicy="no-referrer" srcdoc="{_e(page)}" '
        f'style="width:100%;height:{int(height)}px;border:1px solid #d0d7de;border-radius:6px;'
        f'background:#fff"></iframe>'
    )


def highlight(doc: Document, options: Extraction | None = None, height: int = 600) -> str:
    """The page's own HTML with the content body outlined (green) and the boilerplate
    units dimmed, as an HTML snippet: a one-line legend and a sandboxed ``iframe``.

    ``options`` is the ``Extraction`` deciding which in-content units are boilerplate,
    as ``boilerplate(options)`` would. The copy carries no script (scripts, event
    handlers, frames, plugins and ``javascript:`` URLs are dropped) and runs under
    ``sandbox`` and a script-forbidding CSP; relative resources are dropped since they
    cannot resolve from a notebook.
    """
    marks, winner, dimmed, kept = _marks(doc, options)
    page = _serialize_copy(doc, marks, _HIGHLIGHT_CSS)
    if winner is None:
        body = "no content body scored: everything is boilerplate"
    else:
        body = f"content body <code>{_e(_start_tag(winner.tag or '', winner.attrs))}</code> outlined"
    legend = (
        f"<div style='{_FONT};margin-bottom:4px'><b>highlight</b> "
        f"<span style='{_MUTED}'>{_e(doc.title or '(no title)')} · {body} · "
        f"{kept} content units · {dimmed} boilerplate units dimmed</span></div>"
    )
    return f"<div class='turbohtml-highlight'>{legend}{sandboxed_iframe(page, height)}</div>"
