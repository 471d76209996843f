"""trafilatura's ``trafilatura.xml.xmltotxt``: its XML body (``<p>``, ``<head rend>``,
``<hi rend>``, ``<ref target>``, ``<graphic>``, ``<list>``/``<item>``, ``<table>``/
``<row>``/``<cell>``, ``<quote>``, ``<code>``, ``<del>``, ``<lb/>``) as plain text or
Markdown.

The element vocabulary is mapped to the HTML elements it stands for and rendered by
turbohtml's public renderer (``Node.to_markdown`` with ``include_formatting``,
``Node.to_text`` without), so trafilatura's Markdown and turbohtml's are one renderer.
Where trafilatura's output shape differs on purpose it is kept: a ``<quote>`` is a
plain paragraph (trafilatura writes no ``>`` marker), a one-line ``<code>`` is inline
code.
"""

from __future__ import annotations

import html
from typing import Any

import turbohtml
from turbohtml.compat import MIRRORED
from turbohtml.render import MarkdownStyle, node_markdown

__version__ = MIRRORED["trafilatura"]

__all__ = ["MARKDOWN_STYLE", "xmltotxt"]

#: trafilatura's Markdown spelling over turbohtml's renderer: spaces around inline
#: markers kept ("a  **x**  b"), a line break a plain newline, TeX math as ``$..$``,
#: a URL with a space in angle brackets, a link without target ``[text]``, a line
#: break inside emphasis or a link a space, a table's ``|---|`` row only under a header row.
MARKDOWN_STYLE = MarkdownStyle(keep_spaces=True, line_break="\n", tex_math=True, angle_urls=True,
                               bare_links=True, flat_spans=True, rule_after_th=True, rule_cell="---")

#: ``<hi rend>`` values and the HTML element each stands for (trafilatura's HI_FORMATTING).
HI_TAGS = {"#b": "b", "#i": "i", "#t": "code", "#u": "u", "#sup": "sup", "#sub": "sub"}
#: trafilatura's XML block elements and the HTML element each becomes.
XML_TO_HTML_BLOCKS = {"body": "div", "doc": "div", "main": "div", "comments": "div", "div": "div", "p": "p",
                      "quote": "p", "list": "ul", "item": "li", "table": "table", "row": "tr", "cell": "td",
                      "del": "del", "ab": "p"}

#: Parents under which a one-line ``<code>`` is a block of its own (elsewhere it is inline).
CODE_BLOCK_PARENTS = frozenset({"body", "doc", "main", "comments", "div", "quote"})


def _heading(rend: str | None) -> str:
    """``<head rend="hN">``'s HTML heading; level 2 when the level is missing or malformed."""
    level = (rend or "")[1:]
    return f"h{level}" if rend and rend[0] == "h" and level in ("1", "2", "3", "4", "5", "6") else "h2"


def _html(element: Any) -> str:
    """``element`` (an lxml element of trafilatura's vocabulary) as HTML."""
    tag = element.tag if isinstance(element.tag, str) else ""
    inner = html.escape(element.text or "", quote=False) + "".join(_html(child) for child in element)
    tail = html.escape(element.tail or "", quote=False)
    if tag == "lb":
        return "<br>" + tail
    if tag == "graphic":
        attributes = "".join(f' {name}="{html.escape(element.get(name))}"' for name in ("src", "alt", "title")
                             if element.get(name))
        return f"<img{attributes}>" + tail
    if tag == "ref":
        target = element.get("target")
        return (f'<a href="{html.escape(target)}">{inner}</a>' if target else f"<a>{inner}</a>") + tail
    if tag == "hi":
        name = HI_TAGS.get(element.get("rend") or "", "span")
        return f"<{name}>{inner}</{name}>{tail}"
    if tag == "head":
        name = _heading(element.get("rend"))
        return f"<{name}>{inner}</{name}>{tail}"
    if tag == "code":
        text = "".join(element.itertext())
        if "\n" in text or element.find(".//lb") is not None:
            return f"<pre>{inner}</pre>{tail}"
        parent = element.getparent()
        inline = parent is not None and parent.tag not in CODE_BLOCK_PARENTS
        return f"<code>{inner}</code>{tail}" if inline else f"<p><code>{inner}</code></p>{tail}"
    if tag == "list":
        name = "ol" if element.get("rend") == "ol" else "ul"
        return f"<{name}>{inner}</{name}>{tail}"
    if tag == "cell":
        name = "th" if element.get("role") == "head" else "td"
        return f"<{name}>{inner}</{name}>{tail}"
    name = XML_TO_HTML_BLOCKS.get(tag, "span")
    return f"<{name}>{inner}</{name}>{tail}"


def xmltotxt(xmloutput: Any, include_formatting: bool) -> str:
    """The text of trafilatura's XML ``xmloutput``: Markdown with ``include_formatting``,
    plain text without; ``""`` for ``None``."""
    if xmloutput is None:
        return ""
    fragment = turbohtml.parse(f"<div>{_html(xmloutput)}</div>").select_one("div")
    if fragment is None:
        return ""
    if include_formatting:
        return node_markdown(fragment, links=True, images=True, style=MARKDOWN_STYLE)
    return fragment.to_text()
