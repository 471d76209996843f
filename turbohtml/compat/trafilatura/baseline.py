"""trafilatura's ``baseline`` module: ``baseline()`` and ``html2txt()``, the plain
fallbacks, over turbohtml's tree.

``baseline`` tries, in trafilatura's order, the first source with more than 100
characters: JSON-LD ``articleBody``/``text``, the page's top-level ``<article>``
elements, its text paragraphs (``p``, ``blockquote``, ``pre``, ``code``, ``q``), and
finally the whole body text. ``core.extract`` uses the same tiers
(``page_paragraphs``) when the scoring finds no content body.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable
from typing import Any

from turbohtml._core import Document as _Page
from turbohtml._core import Node, Text, parse
from turbohtml.compat import MIRRORED
from turbohtml.compat._blocks import PARAGRAPH_TAGS
from turbohtml.compat._input import as_document
from turbohtml.compat.trafilatura.utils import not_html

__version__ = MIRRORED["trafilatura"]

__all__ = ["baseline", "html2txt", "page_paragraphs"]

#: A source is taken when its text is longer than this (trafilatura's threshold).
MIN_CONTENT_LENGTH = 100
_PARAGRAPH_TAGS = frozenset({"blockquote", "code", "p", "pre", "q"})
_NEVER_TEXT = frozenset({"script", "style", "noscript", "template", "svg"})
#: What ``html2txt(clean=True)`` leaves out besides scripts and styles (trafilatura's basic cleaning).
_CLEANED = frozenset({"aside", "footer"})
#: Cookie and consent banners by their id/class (whole compounds: ``cookie-notice``,
#: ``onetrust-consent-sdk``; a content class such as ``cookie-recipe`` is not one).
_BANNER = re.compile(r"(?:^|\s)(?:onetrust[\w-]*|cookie[-_]?(?:notice|banner|consent|bar|law|popup)[\w-]*|"
                     r"[\w-]*consent[-_](?:banner|sdk|manager|popup)[\w-]*|cmp[-_][\w-]+|gdpr[-_][\w-]+)(?:$|\s)",
                     re.IGNORECASE)


def is_banner(node: Node) -> bool:
    """Whether ``node``'s id or class names a cookie or consent banner."""
    return bool(_BANNER.search(f"{node.attr('id') or ''} {node.attr('class') or ''}"))


def spaced_text(element: Node, skip: frozenset[str] = _NEVER_TEXT,
                leave_out: Callable[[Node], bool] | None = is_banner) -> str:
    """The text of ``element`` with a space where a block boundary or ``<br>`` separates
    two runs (minified pages carry no whitespace there), whitespace folded; text under a
    ``skip`` element or one ``leave_out`` names (a cookie banner by default) is left out."""
    parts: list[str] = []
    previous_block: Node | None = None
    line_break = False
    stack: list[tuple[Node, Node]] = [(element, element)]  # (node, its nearest block)
    while stack:
        node, block = stack.pop()
        if isinstance(node, Text):
            if parts and (line_break or block is not previous_block):
                parts.append(" ")
            parts.append(node.text)
            previous_block, line_break = block, False
            continue
        tag = node.tag
        if tag is None or (node is not element and (tag in skip or (leave_out is not None and leave_out(node)))):
            continue
        line_break = line_break or tag == "br"
        inner = node if tag in PARAGRAPH_TAGS else block
        stack.extend((child, inner) for child in reversed(node.children))
    return " ".join("".join(parts).translate(_CONTROL).split())


#: JSON-LD properties whose value is page text (trafilatura's schema.org text keys).
_JSON_TEXT_KEYS = ("articleBody", "reviewBody")
#: Types whose ``description`` is a teaser: the last resort when nothing else has text.
_TEASER_TYPES = frozenset({"Product", "VideoObject"})
_CONTROL = dict.fromkeys(i for i in range(32) if chr(i) not in "\t\n\r")
#: Characters XML (and so lxml) refuses in text.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


#: Real tags in a JSON string (not prose such as ``x<y and z>0``).
_MARKUP = re.compile(r"</(?:%s)>|<(?:%s)(?:\s[^<>]*=[^<>]*)?/?>" % ((
    "a|abbr|address|article|aside|b|blockquote|body|br|caption|cite|code|dd|del|div|dl|dt|em|"
    "figcaption|figure|footer|h[1-6]|head|header|hr|html|i|img|ins|kbd|li|main|mark|nav|ol|p|pre|q|"
    "s|section|small|span|strong|sub|summary|sup|table|tbody|td|tfoot|th|thead|time|title|tr|u|ul",) * 2),
    re.IGNORECASE)


def _markup_text(value: str) -> str:
    """A JSON string that may hold markup (or escaped markup) as plain text."""
    value = html.unescape(value) if "&lt;" in value else value
    body = parse(f"<body>{value}</body>").body if _MARKUP.search(value) else None
    if body is not None:
        value = spaced_text(body)
    return " ".join(value.translate(_CONTROL).split())


def _walk(item: Any, bodies: list[str], teasers: list[str]) -> None:
    if isinstance(item, list):
        for child in item:
            _walk(child, bodies, teasers)
        return
    if not isinstance(item, dict):
        return
    kinds = item.get("@type")
    kinds = set(kinds) if isinstance(kinds, list) else {kinds}
    for key in _JSON_TEXT_KEYS:
        if isinstance(item.get(key), str):
            bodies.append(item[key])
    steps = item.get("recipeInstructions")
    for step in steps if isinstance(steps, list) else [steps] if steps else []:
        if isinstance(step, str):
            bodies.append(step)
    if kinds & {"HowToStep", "HowToDirection", "HowToTip", "Answer"} and isinstance(item.get("text"), str):
        bodies.append(item["text"])
    if kinds & _TEASER_TYPES and isinstance(item.get("description"), str):
        teasers.append(item["description"])
    for key in ("@graph", "mainEntity", "acceptedAnswer", "recipeInstructions", "step", "itemListElement"):
        if isinstance(item.get(key), (dict, list)):
            _walk(item[key], bodies, teasers)


def _json_sources(page: _Page) -> tuple[list[str], list[str]]:
    """Full-text bodies and teaser descriptions embedded as JSON: JSON-LD scripts and
    Discourse's ``data-preloaded`` topic posts."""
    bodies: list[str] = []
    teasers: list[str] = []
    for script in page.select('script[type="application/ld+json"]'):
        try:
            _walk(json.loads(script.text, strict=False), bodies, teasers)
        except ValueError:
            continue
    for holder in page.select("[data-preloaded]"):
        try:
            preloaded = json.loads(holder.attr("data-preloaded") or "")
            topics = [json.loads(value) for key, value in preloaded.items() if key.startswith("topic_")]
        except (ValueError, AttributeError, TypeError):
            continue
        for topic in topics:
            posts = topic.get("post_stream", {}).get("posts", []) if isinstance(topic, dict) else []
            bodies.extend(post["cooked"] for post in posts if isinstance(post, dict)
                          and isinstance(post.get("cooked"), str))
    return [_markup_text(text) for text in bodies], [_markup_text(text) for text in teasers]


def _enough(texts: list[str], dedupe: bool = False) -> list[str] | None:
    kept: list[str] = []
    joined = ""
    for text in texts:
        if text and (not dedupe or len(text) <= 10 or text not in joined):
            kept.append(text)
            joined += "\n" + text
    return kept if len(joined) - 1 > MIN_CONTENT_LENGTH else None


def page_paragraphs(page: _Page, leave_out: Callable[[Node], bool] = is_banner) -> list[str]:
    """The paragraphs of the first baseline source with enough text (the body's whole
    text as one paragraph when none has; an empty list for a page without text); the
    page's elements ``leave_out`` names (cookie banners) are passed over."""
    bodies, teasers = _json_sources(page)
    found = _enough(bodies, dedupe=True)
    if found:
        return found
    articles = [text for element in page.select("article") if element.parent is not None
                and not any(node.tag == "article" or leave_out(node) for node in _ancestors(element))
                and len(text := spaced_text(element, leave_out=leave_out)) > MIN_CONTENT_LENGTH]
    if articles:
        cutoff = max(map(len, articles)) / 5
        found = _enough([text for text in articles if len(text) >= cutoff])
        if found:
            return found
    paragraphs = [spaced_text(element, leave_out=leave_out) for element in page.select("p, blockquote, pre, code, q")
                  if not any(node.tag in _PARAGRAPH_TAGS or leave_out(node) for node in _ancestors(element))]
    found = _enough(paragraphs, dedupe=True)
    if found:
        return found
    teaser = _enough(teasers, dedupe=True)
    body = page.body
    text = spaced_text(body, _NEVER_TEXT | _CLEANED, leave_out) if body is not None else ""
    if teaser and len(text) < len("\n".join(teaser)):
        return teaser
    return [text] if text else []


def _ancestors(node: Node) -> list[Node]:
    chain, parent = [], node.parent
    while parent is not None:
        chain.append(parent)
        parent = parent.parent
    return chain


def _lxml_body(paragraphs: list[str]) -> Any:
    """An lxml ``<body>`` with one ``<p>`` per paragraph (trafilatura's return type)."""
    from lxml.etree import Element, SubElement

    body = Element("body")
    for paragraph in paragraphs:
        SubElement(body, "p").text = _NOT_XML.sub("", paragraph)
    return body


def baseline(filecontent: Any) -> tuple[Any, str, int]:
    """The page's text the plain way: ``(lxml <body> with <p> elements, text, length)``;
    an empty body, ``""`` and 0 for input without text."""
    try:
        page = as_document(filecontent, "baseline()")
    except TypeError:
        return _lxml_body([]), "", 0
    if isinstance(filecontent, (str, bytes)) and not_html(filecontent, page):
        return _lxml_body([]), "", 0
    paragraphs = page_paragraphs(page)
    text = "\n".join(paragraphs)
    return _lxml_body(paragraphs), text, len(text)


def _xml_without_body(markup: str | bytes) -> bool:
    """An XML document (a feed) with no ``<body>``: not page text."""
    if isinstance(markup, bytes):
        return markup[:100].lstrip().lower().startswith(b"<?xml") and b"<body" not in markup.lower()
    return markup[:100].lstrip().lower().startswith("<?xml") and "<body" not in markup.lower()


def html2txt(content: Any, clean: bool = True) -> str:
    """All the text of the page's body, whitespace folded; ``clean`` leaves out
    asides and footers (scripts and styles are never text). ``""`` without a body."""
    try:
        page = as_document(content, "html2txt()")
    except TypeError:
        return ""
    if isinstance(content, (str, bytes)) and (not_html(content, page) or _xml_without_body(content)):
        return ""
    body = page.body
    if body is None:
        return ""
    return spaced_text(body, _NEVER_TEXT | _CLEANED) if clean else spaced_text(body, leave_out=None)
