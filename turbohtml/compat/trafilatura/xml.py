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

__all__ = ["MARKDOWN_STYLE", "TEI_VALID_ATTRS", "TEI_VALID_TAGS", "validate_tei", "xmltotxt"]

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


TEI_NAMESPACE = "http://www.tei-c.org/ns/1.0"
#: the elements trafilatura writes in a TEI body, and their attributes (``graphic`` keeps
#: the ``src``/``alt``/``title`` both extractors write)
TEI_VALID_TAGS = frozenset({"ab", "body", "cell", "code", "del", "div", "graphic", "head", "hi", "item", "lb", "list",
                            "p", "quote", "ref", "row", "table"})
TEI_VALID_ATTRS = frozenset({"rend", "rendition", "role", "target", "type"})
_GRAPHIC_ATTRS = frozenset({"src", "alt", "title", "url"})
#: what a TEI file description holds, in this order (the TEI Guidelines' required parts)
_FILE_DESC = ("titleStmt", "publicationStmt", "sourceDesc")


def _local(element: Any) -> str:
    tag = element.tag if isinstance(element.tag, str) else ""
    return tag.removeprefix(f"{{{TEI_NAMESPACE}}}")


def validate_tei(xmldoc: Any) -> bool:
    """Whether ``xmldoc`` (an lxml or ElementTree element) is a TEI document of the shape
    trafilatura writes: a ``TEI`` root (TEI namespace or none) holding ``teiHeader`` then
    ``text``; a ``fileDesc`` in the header with ``titleStmt``, ``publicationStmt`` and
    ``sourceDesc`` in that order; a ``body`` in ``text``, and in it only the elements and
    attributes of ``TEI_VALID_TAGS`` / ``TEI_VALID_ATTRS``. trafilatura validates against
    the TEI corpus DTD, which is not shipped: the header's other contents are not checked."""
    if xmldoc is None or not hasattr(xmldoc, "iter"):
        return False
    children = [child for child in xmldoc if isinstance(child.tag, str)]
    if _local(xmldoc) != "TEI" or [_local(child) for child in children] != ["teiHeader", "text"]:
        return False
    header, text = children
    file_desc = [child for child in header if _local(child) == "fileDesc"]
    parts = [_local(child) for child in file_desc[0]] if len(file_desc) == 1 else []
    if [part for part in parts if part in _FILE_DESC] != list(_FILE_DESC):
        return False
    bodies = [child for child in text if _local(child) == "body"]
    if len(bodies) != 1:
        return False
    for element in bodies[0].iter():
        tag = _local(element)
        if not tag:
            continue  # a comment or processing instruction
        allowed = TEI_VALID_ATTRS | _GRAPHIC_ATTRS if tag == "graphic" else TEI_VALID_ATTRS
        if tag not in TEI_VALID_TAGS or any(name not in allowed for name in element.attrib):
            return False
    return True
