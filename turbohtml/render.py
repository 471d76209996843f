"""Renderers: a node or an article as Markdown, or as a fresh clean HTML fragment.

Both read the same paragraph units as ``main_text()`` and ``Article.text`` (so an
article's Markdown leaves out what its text leaves out) and each unit's block element for
the structure around it: heading level, list nesting and numbering, table, ``<pre>``,
block quote. The inline content of a block is rendered from the tree (emphasis, code,
links resolved against the page's base, images when asked). HTML output goes through
the Sanitizer before it is returned.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, cast

from turbohtml._core import Element, Node, Text, url_parse
from turbohtml._score import FIRST_PASS, scored_winner
from turbohtml._text import pre_text
from turbohtml._units import BLOCK_TAGS, paragraph_units
from turbohtml.clean import BLEACH_ATTRIBUTES, BLEACH_TAGS, Policy, Sanitizer
from turbohtml.extract.article import article_units
from turbohtml.extract.records import Article

__all__ = ["ARTICLE_POLICY", "MarkdownStyle", "article_html", "article_markdown", "inline_html", "inline_markdown",
           "node_markdown"]

#: Elements whose content a reader never sees (the unit walk skips them too).
UNSEEN_TAGS = frozenset(
    "script style noscript template svg math iframe object embed canvas select textarea input "
    "button map frameset noframes noembed head dialog rt rp".split()
)
_EMPHASIS = {"em": "*", "i": "*", "cite": "*", "dfn": "*", "var": "*",
             "strong": "**", "b": "**", "del": "~~", "s": "~~", "strike": "~~"}
_CODE = frozenset({"code", "kbd", "samp", "tt"})
#: Inline elements Markdown has no syntax for, kept as inline HTML: "100<sup>2</sup>"
#: must not read "1002" (trafilatura's tests, issue #889).
_RAW_INLINE = frozenset({"sup", "sub"})
_LIST_TAGS = frozenset({"ul", "ol", "menu"})
_HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})

#: The policy Article.to_html() applies: bleach's default allowlist plus the block
#: elements an article needs (headings, paragraphs, tables, code blocks, images).
ARTICLE_POLICY = Policy(
    tags=BLEACH_TAGS | {"p", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "br", "table", "thead", "tbody",
                        "tr", "th", "td", "del", "sub", "sup", "figure", "figcaption", "img"},
    attributes={**BLEACH_ATTRIBUTES, "img": frozenset({"src", "alt"}), "code": frozenset({"class"})},
    strip=True,
)
_ARTICLE_SANITIZER = Sanitizer(ARTICLE_POLICY)

#: paragraph_units() mode for a node's own content: no class/id pruning pass.
EVERY_UNIT = 0

_SPACE = re.compile(r"\s+")
_MD_SPECIAL = re.compile(r"([\\`*_\[\]<|~])")
_MD_LINE_START = re.compile(r"^(#{1,6}|[+=-]+|\d{1,9}[.)])(?=[ \t]|$)|^>", re.M)
_MD_BREAKS = re.compile(r"(?:\\\n[ \t]*){2,}")
_MD_ENTITY = re.compile(r"&(?=#?\w+;)")
_SCHEME = re.compile(r"([a-z][a-z0-9+.-]*):(?!\d+(?:/|$))")
_MD_EDGE_BREAKS = re.compile(r"^(?:\s*\\\n)+|(?:\\\n\s*)+$")
_HTML_BREAKS = re.compile(r"(?:<br>\s*){2,}")
_LANGUAGE = re.compile(r"(?:^|\s)lang(?:uage)?-([\w+#.-]+)")
#: TeX math in text, ``\(inline\)`` and ``\[display\]``, or a lone delimiter left as written.
_TEX_MATH = re.compile(r"\\\((.+?)\\\)|\\\[(.+?)\\\]|(\\[()\[\]])", re.S)
#: A run of whitespace holding anything but plain spaces (a newline, a tab).
_NOT_SPACES = re.compile(r" *[^\S ]\s*")
#: One whitespace character other than a space.
_NOT_SPACE = re.compile(r"[^\S ]")


@dataclass(frozen=True, slots=True)
class MarkdownStyle:
    """How the Markdown writer spells what CommonMark leaves open. The defaults are
    turbohtml's own Markdown; other values reproduce another tool's spelling (e.g.
    ``turbohtml.compat.trafilatura``'s) over the same renderer."""

    #: Spaces between words and inline markers kept as written ("a  **x**  b"), not squeezed.
    keep_spaces: bool = False
    #: What a ``<br>`` becomes: CommonMark's hard break, or e.g. a plain newline.
    line_break: str = "\\\n"
    #: ``\(x\)`` and ``\[x\]`` in text written as ``$x$`` and ``$$\nx\n$$``, unescaped.
    tex_math: bool = False
    #: A link or image URL holding a space written in angle brackets (else ``%20``).
    angle_urls: bool = False
    #: A link with no target written ``[text]`` (else its text alone).
    bare_links: bool = False
    #: A line break inside emphasis or a link written as a space (else kept inside the span).
    flat_spans: bool = False
    #: A table's delimiter row after its first row of ``<th>`` cells only (none without
    #: one), rather than after its first row as GFM wants.
    rule_after_th: bool = False
    #: One cell of a table's delimiter row.
    rule_cell: str = " --- "


#: turbohtml's own Markdown.
DEFAULT_STYLE = MarkdownStyle()


# ---------------------------------------------------------------- blocks


@dataclass(slots=True)
class _Block:
    kind: str            # "heading", "paragraph", "item", "pre", "table"
    node: Node           # the element rendered (for a table: the <table>, for pre: the <pre>)
    quote: int = 0       # block quotes around it
    level: int = 0       # heading level
    depth: int = 0       # list nesting of an item (0 = outermost)
    indent: int = 0      # columns of the markers of the items around an item
    number: int = 0      # an ordered item's number; 0 for a bullet
    first: bool = True   # an item's first block (gets the marker)
    outer_list: Node | None = None
    segment: int | None = None   # which text run of ``node`` (None: all of it)


def _ancestors(node: Node | None, stop: Node | None) -> Iterator[Element]:
    """``node`` and its ancestor elements, up to ``stop`` (included) or the document."""
    while node is not None and isinstance(node, Element):
        yield node
        if node == stop:
            return
        node = node.parent


def _item_number(item: Node) -> int:
    parent = item.parent
    start = parent.attr("start") if parent is not None else None
    number = int(start) if start is not None and re.fullmatch(r"-?\d{1,9}", start.strip()) else 1
    sibling = item.previous_sibling
    while sibling is not None:
        if isinstance(sibling, Element) and sibling.tag == "li":
            number += 1
        sibling = sibling.previous_sibling
    return number


def _has_text(node: Node) -> bool:
    if isinstance(node, Text):
        return not node.text.isspace() and node.text != ""
    return isinstance(node, Element) and node.tag not in UNSEEN_TAGS and node.text.strip() != ""


def _segments(node: Node, cache: dict[Node, list[list[Node]]]) -> list[list[Node]]:
    """``node``'s children cut at its nested blocks: the runs that hold text, one per
    paragraph unit whose block ``node`` is (``cache`` lives for one rendering)."""
    cached = cache.get(node)
    if cached is not None:
        return cached
    runs: list[list[Node]] = [[]]
    for child in node.children:
        if isinstance(child, Element) and child.tag in BLOCK_TAGS:
            runs.append([])
        else:
            runs[-1].append(child)
    found = [run for run in runs if any(_has_text(child) for child in run)]
    cache[node] = found
    return found


def number_segments(units: list[Any]) -> list[Any]:
    """Tell each unit which run of its block's children it is (``unit.segment``): a block
    holds as many units as text runs between its nested blocks."""
    counts: dict[object, int] = {}
    for unit in units:
        block = getattr(unit, "block", None)
        unit.segment = counts.get(block, 0)
        counts[block] = unit.segment + 1
    return units


def _marker_width(item: Node) -> int:
    parent = item.parent
    return len(f"{_item_number(item)}. ") if parent is not None and parent.tag == "ol" else 2


def _blocks(units: list[Any], root: Node, segments: dict[Node, list[list[Node]]]) -> list[_Block]:
    """One block per distinct block element of the units, in order; a table and a
    <pre> once each, however many units they hold."""
    blocks: list[_Block] = []
    seen: set[object] = set()
    items: set[Node] = set()
    for unit in units:
        node = getattr(unit, "block", None)
        if node is None:
            continue
        chain = list(_ancestors(node, root))
        tags = [element.tag for element in chain]
        quote = tags.count("blockquote")
        table = next((e for e in reversed(chain) if e.tag == "table"), None)
        pre = next((e for e in reversed(chain) if e.tag in ("pre", "listing", "xmp")), None)
        segment = getattr(unit, "segment", 0)
        single = len(_segments(node, segments)) <= 1 if node.tag not in ("table", "pre") else True
        target = table or pre or (node if single else (node, segment))
        if target in seen:
            continue
        seen.add(target)
        if table is not None:
            blocks.append(_Block("table", table, quote))
        elif pre is not None:
            blocks.append(_Block("pre", pre, quote))
        elif node.tag in _HEADINGS and "li" not in tags:
            blocks.append(_Block("heading", node, quote, level=int(node.tag[1]), segment=None if single else segment))
        elif "li" in tags:  # a heading inside a list item stays in the item (level set)
            item = chain[tags.index("li")]
            lists = [e for e in chain if e.tag in _LIST_TAGS]
            number = _item_number(item) if item.parent is not None and item.parent.tag == "ol" else 0
            first = item not in items
            items.add(item)
            outer_items = [e for e in chain[tags.index("li") + 1:] if e.tag == "li"]
            indent = sum(_marker_width(e) for e in outer_items)
            blocks.append(_Block("item", node, quote, depth=max(len(lists) - 1, 0), indent=indent,
                                 level=int(node.tag[1]) if node.tag in _HEADINGS else 0,
                                 segment=None if single else segment,
                                 number=number, first=first, outer_list=lists[-1] if lists else item))
        else:
            blocks.append(_Block("paragraph", node, quote, segment=None if single else segment))
    return blocks


# ---------------------------------------------------------------- inline content


class _Inline:
    """Renders a block's inline content; the Markdown and HTML writers differ in how
    they spell text, emphasis, code, links, images and line breaks."""

    def __init__(self, links: bool, images: bool, resolve: Callable[[str], str],
                 style: MarkdownStyle = DEFAULT_STYLE) -> None:
        self.links = links
        self.images = images
        self.resolve = resolve
        self.style = style
        self.segments: dict[Node, list[list[Node]]] = {}   # _segments() of this rendering

    def render(self, node: Node, flatten: bool = False, segment: int | None = None) -> str:
        """The inline content of ``node``: nested blocks are left out (they are blocks of
        their own), unless ``flatten`` (a table cell) reads them as inline text. With
        ``segment``, only that run of children between two nested blocks (one unit)."""
        parts: list[str] = []
        joinable = -1   # index in ``parts`` of the last emphasis span (a text part is never joined)
        if segment is None:
            children = node.children
        else:
            runs = _segments(node, self.segments)
            children = runs[segment] if segment < len(runs) else []
        for child in children:
            if isinstance(child, Text):
                squeeze = _NOT_SPACES if self.style.keep_spaces else _SPACE
                parts.append(self.text(squeeze.sub(" ", child.text)))
                continue
            if not isinstance(child, Element):
                continue
            tag = child.tag
            if tag in UNSEEN_TAGS or child.attr("hidden") is not None:
                continue
            if tag in BLOCK_TAGS:
                if flatten:
                    parts.append(" " + self.render(child, True) + " ")
                continue
            if tag == "br":
                parts.append(" " if flatten else self.line_break())
            elif tag == "img":
                src = child.attr("src")
                if self.images and src:
                    parts.append(self.image(child.attr("alt") or "", self.resolve(src)))
            elif tag in _CODE:
                code = _SPACE.sub(" ", child.text)
                if code.strip():  # "a <code> x </code> b": the spaces stay outside the span
                    lead, trail = " " if code[0] == " " else "", " " if code[-1] == " " else ""
                    parts.append(f"{lead}{self.code(code.strip())}{trail}")
            elif tag == "a":
                inner = self.render(child, flatten)
                href = child.attr("href")
                url = self.resolve(href) if href and self.links else ""
                if url and not _safe_url(url):
                    url = ""  # javascript: and the like: the text stays, the link goes
                if url and inner.strip():
                    parts.append(self.link(inner, url))
                elif self.links and self.style.bare_links and not href and inner.strip():
                    parts.append(self.around(inner, "[", "]"))
                else:
                    parts.append(inner)
            elif tag in _RAW_INLINE:
                parts.append(self.around(self.render(child, flatten), f"<{tag}>", f"</{tag}>"))
            elif tag in _EMPHASIS:
                out = self.emphasis(tag, self.render(child, flatten))
                left, right = self.markers(tag)
                if joinable == len(parts) - 1 >= 0 and parts[-1].endswith(right) and out.startswith(left):
                    # <em>a</em><em>b</em>: one span, not "*a**b*"
                    parts[-1] = parts[-1][: -len(right)]
                    out = out[len(left):]
                parts.append(out)
                joinable = len(parts) - 1
            else:
                parts.append(self.render(child, flatten))
        return "".join(parts)

    # how each writer spells the pieces (_Markdown, _Html)
    def text(self, value: str) -> str:
        raise NotImplementedError

    def line_break(self) -> str:
        raise NotImplementedError

    def code(self, value: str) -> str:
        raise NotImplementedError

    def link(self, inner: str, url: str) -> str:
        raise NotImplementedError

    def image(self, alt: str, src: str) -> str:
        raise NotImplementedError

    def markers(self, tag: str) -> tuple[str, str]:
        raise NotImplementedError

    def emphasis(self, tag: str, inner: str) -> str:
        raise NotImplementedError

    @staticmethod
    def around(inner: str, left: str, right: str) -> str:
        """``inner`` wrapped, with its outer whitespace moved outside the markers."""
        core = inner.strip()
        if not core:
            return inner
        lead = " " if inner[:1].isspace() else ""
        trail = " " if inner[-1:].isspace() else ""
        return f"{lead}{left}{core}{right}{trail}"


class _Markdown(_Inline):
    def text(self, value: str) -> str:
        if self.style.tex_math and "\\" in value:
            return self._with_math(value)
        return self._escaped(value)

    @staticmethod
    def _escaped(value: str) -> str:
        escaped = _MD_SPECIAL.sub(r"\\\1", value.replace("\u00a0", " "))
        return _MD_ENTITY.sub(r"\\&", escaped)  # "&amp;" written as text stays text

    def _with_math(self, value: str) -> str:
        """``value`` escaped, its TeX math spans written ``$..$``/``$$..$$`` as they are."""
        out, position = [], 0
        for match in _TEX_MATH.finditer(value):
            out.append(self._escaped(value[position:match.start()]))
            inline, display, lone = match.groups()
            if lone is not None:
                out.append(lone)
            elif inline is not None:
                out.append(f"${inline.strip()}$")
            else:
                out.append(f"\n$$\n{display.strip()}\n$$\n")
            position = match.end()
        out.append(self._escaped(value[position:]))
        return "".join(out)

    def line_break(self) -> str:
        return self.style.line_break

    def code(self, value: str) -> str:
        longest = max((len(run) for run in re.findall(r"`+", value)), default=0)
        fence = "`" * (longest + 1)
        pad = " " if value.startswith("`") or value.endswith("`") else ""
        return f"{fence}{pad}{value}{pad}{fence}"

    def url(self, url: str) -> str:
        if self.style.angle_urls and " " in url and not any(c in url for c in "<>\n"):
            return f"<{url}>"
        return _md_url(url)

    def link(self, inner: str, url: str) -> str:
        return self.around(self._span(inner), "[", f"]({self.url(url)})")

    def image(self, alt: str, src: str) -> str:
        return f"![{self.text(_SPACE.sub(' ', alt).strip())}]({self.url(src)})"

    def markers(self, tag: str) -> tuple[str, str]:
        return _EMPHASIS[tag], _EMPHASIS[tag]

    def emphasis(self, tag: str, inner: str) -> str:
        marker = _EMPHASIS[tag]
        return self.around(self._span(inner), marker, marker)

    def _span(self, inner: str) -> str:
        """The content of an emphasis or link span: no line break at its edges (nor,
        with ``flat_spans``, inside it)."""
        inner = _MD_EDGE_BREAKS.sub("", inner)
        return inner.replace(self.style.line_break, " ") if self.style.flat_spans else inner


class _Html(_Inline):
    def text(self, value: str) -> str:
        return html.escape(value, quote=False)

    def line_break(self) -> str:
        return "<br>"

    def code(self, value: str) -> str:
        return f"<code>{html.escape(value, quote=False)}</code>"

    def link(self, inner: str, url: str) -> str:
        return f'<a href="{html.escape(url)}">{inner}</a>'

    def image(self, alt: str, src: str) -> str:
        return f'<img src="{html.escape(src)}" alt="{html.escape(alt)}">'

    def markers(self, tag: str) -> tuple[str, str]:
        name = {"*": "em", "**": "strong", "~~": "del"}[_EMPHASIS[tag]]
        return f"<{name}>", f"</{name}>"

    def emphasis(self, tag: str, inner: str) -> str:
        left, right = self.markers(tag)
        return self.around(inner, left, right)


def _safe_url(url: str) -> bool:
    """A link target the article policy allows: http(s), mailto, or no scheme."""
    squeezed = re.sub(r"[\x00-\x20\x7f-\xa0`]", "", url).lower()
    match = _SCHEME.match(squeezed)
    return match is None or match.group(1) in ARTICLE_POLICY.protocols


def _md_url(url: str) -> str:
    return url.replace(" ", "%20").replace("(", "%28").replace(")", "%29").replace("<", "%3C").replace(">", "%3E")


def _resolver(node: Node, base_url: str | None) -> Callable[[str], str]:
    """Resolves a URL against the page's base: ``<base href>`` over ``base_url``."""
    root = node
    while root.parent is not None:
        root = root.parent
    base_element = root.select_one("base[href]")
    base = base_url
    if base_element is not None:
        try:
            base = url_parse(cast(str, base_element.attr("href")), base_url)[0]  # [href] selected
        except ValueError:
            pass
    if base is None:
        return lambda url: url.strip()

    def resolve(url: str) -> str:
        try:
            return url_parse(url.strip(), base)[0]
        except ValueError:
            return url.strip()

    return resolve


# ---------------------------------------------------------------- Markdown


def _language(pre: Node) -> str:
    for element in (pre, pre.select_one("code")):
        if element is not None:
            match = _LANGUAGE.search(element.attr("class") or "")
            if match:
                return match.group(1)
    return ""


def _table_rows(table: Node) -> list[list[Element]]:
    rows: list[list[Element]] = []
    for row in table.select("tr"):
        owner = next((e for e in _ancestors(row.parent, table) if e.tag == "table"), None)
        if owner == table:
            rows.append([cell for cell in row.children if isinstance(cell, Element) and cell.tag in ("td", "th")])
    return [row for row in rows if row]


def _markdown_block(block: _Block, inline: _Markdown) -> str:
    if block.kind == "pre":
        code = pre_text(block.node)
        longest = max((len(run) for run in re.findall(r"`{3,}", code)), default=2)
        fence = "`" * (longest + 1)
        return f"{fence}{_language(block.node)}\n{code}\n{fence}"
    if block.kind == "table":
        rows = _table_rows(block.node)
        if not rows:
            return ""
        width = max(len(row) for row in rows)
        style = inline.style
        squeeze = _NOT_SPACE if style.keep_spaces else _SPACE
        lines = []
        ruled = False
        for row in rows:
            cells = [squeeze.sub(" ", inline.render(cell, True)).strip() for cell in row]
            cells += [""] * (width - len(cells))
            lines.append("| " + " | ".join(cells) + " |")
            if not ruled and (not style.rule_after_th or any(cell.tag == "th" for cell in row)):
                lines.append("|" + "|".join([style.rule_cell] * width) + "|")
                ruled = True
        return "\n".join(lines)
    text = _MD_EDGE_BREAKS.sub("", inline.render(block.node, segment=block.segment)).strip()
    if not inline.style.keep_spaces:
        text = re.sub(r" *\\\n *", "\\\n", re.sub(r"[ \t]+", " ", text))
    if block.level:  # a heading (its "#"s already claim the line), or one inside a list item
        return "#" * block.level + " " + text.replace(inline.style.line_break, " ").replace("\\\n", " ")
    text = _MD_LINE_START.sub(lambda m: "\\" + m.group(0) if not m.group(0)[0].isdigit()
                              else m.group(0)[:-1] + "\\" + m.group(0)[-1], text)
    # a run of line breaks separates paragraphs (Readability.js's <br><br> rule)
    return _MD_BREAKS.sub("\n\n", text)


def _render_markdown(blocks: list[_Block], inline: _Markdown) -> str:
    out: list[str] = []
    previous: _Block | None = None
    for block in blocks:
        text = _markdown_block(block, inline)
        if not text:
            continue
        if block.kind == "item":
            indent = " " * block.indent
            marker = f"{block.number}. " if block.number else "- "
            if block.first:
                text = indent + marker + text.replace("\n", "\n" + indent + " " * len(marker))
            else:
                pad = indent + " " * len(marker)
                text = pad + text.replace("\n", "\n" + pad)
        if block.quote:
            prefix = "> " * block.quote
            text = "\n".join(prefix + line if line else prefix.rstrip() for line in text.split("\n"))
        if out:
            tight = (previous is not None and previous.kind == "item" and block.kind == "item"
                     and previous.outer_list == block.outer_list and block.first)
            if tight:
                out.append("\n")
            elif block.quote and previous is not None and previous.quote == block.quote:
                out.append("\n" + ("> " * block.quote).rstrip() + "\n")  # the same quote goes on
            else:
                out.append("\n\n")
        out.append(text)
        previous = block
    return "".join(out)


def node_markdown(node: Node, links: bool = True, images: bool = False, base_url: str | None = None,
                  style: MarkdownStyle = DEFAULT_STYLE) -> str:
    """``node``'s visible content as Markdown (CommonMark with GFM tables; ``style``
    spells what CommonMark leaves open)."""
    _check_flags(links, images)
    _check_style(style)
    units = number_segments(paragraph_units(node, node, EVERY_UNIT))
    inline = _Markdown(links, images, _resolver(node, base_url), style)
    return _render_markdown(_blocks(units, node, inline.segments), inline)


def _inline_blocks(blocks: Sequence[tuple[Node, int | None]], inline: _Inline) -> list[_Block]:
    """The ``(element, run)`` pairs of ``inline_markdown``/``inline_html`` as paragraph
    blocks (``run`` checked; a run of an element without nested blocks is all of it)."""
    out = []
    for node, run in blocks:
        if run is not None and (not isinstance(run, int) or isinstance(run, bool) or run < 0):
            raise ValueError(f"run must be a non-negative int or None, not {run!r}")
        if run is not None and len(_segments(node, inline.segments)) <= 1:
            run = None if run == 0 else run
        out.append(_Block("paragraph", node, segment=run))
    return out


def inline_markdown(blocks: Sequence[tuple[Node, int | None]], links: bool = True, images: bool = False,
                    base_url: str | None = None, style: MarkdownStyle = DEFAULT_STYLE) -> list[str]:
    """Each ``(element, run)``'s inline content as one Markdown paragraph (emphasis, code,
    links, images when asked; nested blocks left out), escaped as ``to_markdown()``
    escapes a paragraph. ``run`` picks one run of the element's children between its
    nested blocks (0 = the first that holds text; ``None``: all), the way a paragraph
    unit does. For callers that lay out the blocks themselves
    (``turbohtml.compat.trafilatura``); the elements share one page (one base URL)."""
    _check_flags(links, images)
    _check_style(style)
    if not blocks:
        return []
    inline = _Markdown(links, images, _resolver(blocks[0][0], base_url), style)
    return [_markdown_block(block, inline) for block in _inline_blocks(blocks, inline)]


def inline_html(blocks: Sequence[tuple[Node, int | None]], links: bool = True, images: bool = False,
                base_url: str | None = None) -> list[str]:
    """Each ``(element, run)``'s inline content as ``to_html()`` writes it inside a
    paragraph (``<strong>``, ``<em>``, ``<del>``, ``<code>``, ``<sup>``/``<sub>``,
    ``<a href>``, ``<img>`` when asked, ``<br>``; text escaped; nested blocks left out),
    not sanitized: ``inline_markdown``'s counterpart for callers that write another
    markup from it (``turbohtml.compat.trafilatura``'s XML)."""
    _check_flags(links, images)
    if not blocks:
        return []
    inline = _Html(links, images, _resolver(blocks[0][0], base_url))
    return [inline.render(block.node, segment=block.segment).strip() for block in _inline_blocks(blocks, inline)]


def _article_units(article: Article) -> list[Any]:
    """The units Article.text was laid out from."""
    element = article.element
    if element is None:
        return []
    root: Node = element
    while root.parent is not None:
        root = root.parent
    winner, mode = scored_winner(root)
    if winner != element:  # article() of a node below the page: its first scoring pass
        mode = FIRST_PASS
    return article_units(number_segments(paragraph_units(element, element, mode)), mode)


def _article_blocks(article: Article, inline: _Inline, base_url: str | None) -> list[_Block] | None:
    """The article's blocks for ``inline`` (its resolver set here), None without content."""
    _check_flags(inline.links, inline.images)
    if not isinstance(article, Article):
        raise TypeError(f"article must be an Article, not {type(article).__name__}")
    if article.element is None:
        return None
    inline.resolve = _resolver(article.element, base_url)
    return _blocks(_article_units(article), article.element, inline.segments)


def article_markdown(article: Article, links: bool = True, images: bool = False,
                     base_url: str | None = None) -> str:
    """The article's units (the same as ``Article.text``) as Markdown."""
    inline = _Markdown(links, images, str.strip)  # the page's resolver is set by _article_blocks
    blocks = _article_blocks(article, inline, base_url)
    return _render_markdown(blocks, inline) if blocks is not None else ""


# ---------------------------------------------------------------- HTML


def _html_block(block: _Block, inline: _Html) -> str:
    if block.kind == "pre":
        code = html.escape(pre_text(block.node), quote=False)
        language = _language(block.node)
        attr = f' class="language-{html.escape(language)}"' if language else ""
        return f"<pre><code{attr}>{code}</code></pre>"
    if block.kind == "table":
        rows = _table_rows(block.node)
        body = "".join(
            "<tr>" + "".join(f"<{cell.tag}>{inline.render(cell, True).strip()}</{cell.tag}>" for cell in row) + "</tr>"
            for row in rows
        )
        return f"<table><tbody>{body}</tbody></table>" if body else ""
    text = inline.render(block.node, segment=block.segment).strip()
    if not text:
        return ""
    if block.level:  # a heading, or a heading inside a list item
        text = re.sub(r"(?:\s*<br>\s*)+", " ", text)
        return f"<h{block.level}>{text}</h{block.level}>"
    # a run of line breaks separates paragraphs (Readability.js's <br><br> rule)
    paragraphs = "".join(f"<p>{part.strip()}</p>" for part in _HTML_BREAKS.split(text) if part.strip())
    if block.kind == "item" and block.first:
        return text if not _HTML_BREAKS.search(text) else paragraphs
    return paragraphs


def _render_html(blocks: list[_Block], inline: _Html) -> str:
    out: list[str] = []
    lists: list[str] = []       # open list tags, outermost first; each holds an open <li>
    quote = 0
    outer = None

    def close_lists(depth: int) -> None:
        while len(lists) > depth:
            out.append(f"</li></{lists.pop()}>")

    for block in blocks:
        text = _html_block(block, inline)
        if not text:
            continue
        if block.kind != "item" or block.outer_list != outer or block.quote != quote:
            close_lists(0)
        if block.quote != quote:
            out.append("</blockquote>" * (quote - block.quote) if quote > block.quote
                       else "<blockquote>" * (block.quote - quote))
            quote = block.quote
        if block.kind == "item":
            outer = block.outer_list
            tag = "ol" if block.number else "ul"
            if block.first:
                close_lists(block.depth + 1)
                if len(lists) == block.depth + 1:
                    out.append("</li><li>")
                while len(lists) < block.depth + 1:
                    out.append(f"<{tag}><li>")
                    lists.append(tag)
            out.append(text)
        else:
            out.append(text)
    close_lists(0)
    out.append("</blockquote>" * quote)
    return "".join(out)


def article_html(article: Article, images: bool = False, base_url: str | None = None) -> str:
    """The article's units as a fresh HTML fragment, sanitized with ARTICLE_POLICY."""
    inline = _Html(True, images, str.strip)  # the page's resolver is set by _article_blocks
    blocks = _article_blocks(article, inline, base_url)
    return _ARTICLE_SANITIZER.sanitize(_render_html(blocks, inline)) if blocks is not None else ""


def _check_flags(links: object, images: object) -> None:
    for name, value in (("links", links), ("images", images)):
        if not isinstance(value, bool):
            raise TypeError(f"{name} must be bool, not {type(value).__name__}")


def _check_style(style: object) -> None:
    if not isinstance(style, MarkdownStyle):
        raise TypeError(f"style must be a MarkdownStyle, not {type(style).__name__}")
