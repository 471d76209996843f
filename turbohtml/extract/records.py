"""The records extraction returns: immutable, typed, with readable reprs.

``Paragraph``, ``PublicationDate``, ``Article`` and ``Link`` are named tuples, as in the
library the spec documents: they unpack (``date, signal = dates(html)``), index
(``p[0]``), serialise with ``json.dumps`` and convert with ``_asdict()``; ``_replace``
makes a variant. Fields are read-only and keep the order below, so a field added later
goes at the end and positional use keeps working.

Imports nothing from turbohtml at module level, so every layer can depend on it.
Records holding a node handle (``Article.element``, ``Link.element``) pickle without
it: a handle points into one process's C tree and cannot travel.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

if TYPE_CHECKING:
    from turbohtml._core import Element, Node

__all__ = [
    "Article",
    "Link",
    "Metadata",
    "MicrodataItem",
    "Paragraph",
    "PublicationDate",
    "Signal",
    "StructuredData",
]

Signal = Literal["url", "meta", "json-ld", "time", "text"]


class Paragraph(NamedTuple):
    """One paragraph unit of a page and its classification, as ``boilerplate()`` returns it.

    ``text`` is the unit's whitespace-folded visible text (never empty);
    ``is_boilerplate`` is True for navigation, footers, sidebars and in-content units
    that fail the ``Extraction`` thresholds; ``is_heading`` marks ``<h1>``-``<h6>`` units.
    """

    text: str
    is_boilerplate: bool
    is_heading: bool

    def _repr_html_(self) -> str:
        from turbohtml._display import paragraph_html

        return paragraph_html(self)


class PublicationDate(NamedTuple):
    """A date ``dates()`` recovered and the signal it read it from.

    ``date`` is formatted with ``DateExtraction.output_format``; ``signal`` is one of
    ``"url"``, ``"meta"``, ``"json-ld"``, ``"time"``, ``"text"``.
    """

    date: str
    signal: Signal

    def _repr_html_(self) -> str:
        from turbohtml._display import date_html

        return date_html(self)


def _without_element(record: Any) -> tuple[Any, ...]:
    """Pickle support: the record again, with ``element=None`` (the first field)."""
    return (type(record), (None, *record[1:]))


class Article(NamedTuple):
    """The main content of a page and its declared metadata, as ``Node.article()`` returns it.

    ``element`` is the content body (``None`` when no container scored); ``text`` the
    article as a reader wants it. The metadata fields are whitespace-folded and ``None``
    when the page does not declare them. ``page_type`` is ``Document.page_type()``'s
    answer, which decided how the content was read (docs/scoring.md).
    """

    element: Element | None
    text: str
    title: str | None = None
    byline: str | None = None
    date: str | None = None
    description: str | None = None
    lang: str | None = None
    canonical: str | None = None
    site_name: str | None = None
    tags: tuple[str, ...] = ()
    image: str | None = None
    page_type: str = "article"

    def __reduce__(self) -> tuple[Any, ...]:
        return _without_element(self)

    def __repr__(self) -> str:
        preview = self.text if len(self.text) <= 60 else self.text[:57] + "..."
        return (
            f"Article(title={self.title!r}, byline={self.byline!r}, date={self.date!r}, "
            f"lang={self.lang!r}, text={preview!r})"
        )

    def _repr_html_(self) -> str:
        from turbohtml._display import article_html

        return article_html(self)

    def to_markdown(self, links: bool = True, images: bool = False, base_url: str | None = None) -> str:
        """The article (the units of ``text``) as Markdown: headings, emphasis, code,
        lists, GFM tables, block quotes; links resolved against the page's base."""
        from turbohtml.render import article_markdown

        return article_markdown(self, links, images, base_url)

    def to_html(self, images: bool = False, base_url: str | None = None) -> str:
        """The article (the units of ``text``) as a fresh HTML fragment, sanitized with
        ``turbohtml.render.ARTICLE_POLICY``."""
        from turbohtml.render import article_html

        return article_html(self, images, base_url)


class Link(NamedTuple):
    """One URL-bearing attribute: the element, the attribute name, the URL as written."""

    element: Node | None
    attribute: str
    url: str

    def __reduce__(self) -> tuple[Any, ...]:
        return _without_element(self)


_ASCII_SPACE = "\t\n\x0c\r "


#: JSON nesting levels ``MicrodataItem.json()`` indents. Indentation grows with depth,
#: so indenting every level would make the text quadratic in a deep item's size (a
#: 10,000-deep chain would take gigabytes); deeper levels are written on one line.
#: json.dumps(indent=2), which the microdata library calls, stops with RecursionError
#: near 1,000 levels, and real items nest a handful deep.
INDENT_LEVELS = 100


def _indented_json(value: Any) -> str:
    """``json.dumps(value, indent=2, ensure_ascii=False)`` for dicts, lists and scalars,
    down to ``INDENT_LEVELS``, then ``json.dumps``'s one-line form; without recursion:
    one frame per open container holds its remaining ``(prefix, child)`` pairs and its
    closing text."""
    import json

    parts: list[str] = []
    frames: list[tuple[Iterator[tuple[str, Any]], str]] = []
    pending: tuple[str, Any] | None = ("", value)
    while pending is not None or frames:
        if pending is None:
            children, closing = frames[-1]
            pending = next(children, None)
            if pending is None:
                frames.pop()
                parts.append(closing)
            continue
        prefix, node = pending
        pending = None
        parts.append(prefix)
        if not (isinstance(node, (dict, list)) and node):
            parts.append(json.dumps(node, ensure_ascii=False))
            continue
        if len(frames) < INDENT_LEVELS:
            inner, comma, end = "\n" + "  " * (len(frames) + 1), ",", "\n" + "  " * len(frames)
        else:
            inner, comma, end = "", ", ", ""
        if isinstance(node, dict):
            opening, closing, values = "{", "}", list(node.values())
            labels = [inner + json.dumps(key, ensure_ascii=False) + ": " for key in node]
        else:
            opening, closing, values = "[", "]", node
            labels = [inner] * len(node)
        prefixes = [opening + labels[0]] + [comma + label for label in labels[1:]]
        frames.append((iter(zip(prefixes, values, strict=False)), end + closing))
    return "".join(parts)


def _item_types(itemtype: str | None) -> list[str]:
    """The item types: ``itemtype`` split on ASCII whitespace (HTML Standard 5.2.2)."""
    if not itemtype:
        return []
    for space in _ASCII_SPACE[:-1]:
        itemtype = itemtype.replace(space, " ")
    return [token for token in itemtype.split(" ") if token]


#: The most items ``MicrodataItem.json()`` and ``json_dict()`` write by default. The JSON
#: repeats an item wherever it is a value, and an itemref chain makes each element a
#: value of all its predecessors: a 2,000-element chain is 2 million nested items.
MAX_JSON_ITEMS = 1_000_000


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class MicrodataItem:
    """One HTML Microdata item: ``itemtype`` as written, ``itemid``, and its properties.

    ``properties`` maps each property name to the list of its values in document order
    (the ``microdata`` library's ``props``); a value is a ``str`` or a nested ``MicrodataItem``
    (or the standard's ``"ERROR"`` marker where an ``itemref`` cycle would make an item contain
    itself). Accessors mirror the ``microdata`` library's ``Item``. Equality, ``repr`` and the JSON serialisation are
    iterative, so items nested 10,000 deep need no recursion.
    """

    type: str | None
    id: str | None
    properties: Mapping[str, list[str | MicrodataItem]] = field(default_factory=dict)

    def get(self, name: str) -> str | MicrodataItem | None:
        """The first value of property ``name``, or ``None``."""
        values = self.properties.get(name)
        return values[0] if values else None

    def get_all(self, name: str) -> list[str | MicrodataItem]:
        """Every value of property ``name`` (an empty list when absent)."""
        return list(self.properties.get(name, ()))  # a copy: the record's lists stay as built

    @property
    def types(self) -> list[str]:
        """The item types: ``type`` split on ASCII whitespace."""
        return _item_types(self.type)

    def _check_json_size(self, max_items: int | None) -> None:
        """Raise ``ValueError`` when the JSON would hold more than ``max_items`` items,
        counted without writing it (once per shared item, linear in the items)."""
        if max_items is None:
            return
        sizes: dict[int, int] = {}
        opened: set[int] = set()
        stack: list[tuple[MicrodataItem, bool]] = [(self, False)]
        while stack:
            item, children_done = stack.pop()
            if not children_done:
                if id(item) in opened:  # only an item built by hand can hold itself
                    raise ValueError("this item contains itself: its JSON would never end")
                if id(item) not in sizes:
                    opened.add(id(item))
                    stack.append((item, True))
                    stack.extend((value, False) for values in item.properties.values() for value in values
                                 if isinstance(value, MicrodataItem) and id(value) not in sizes)
                continue
            size = 1 + sum(sizes[id(value)] for values in item.properties.values() for value in values
                           if isinstance(value, MicrodataItem))
            if size > max_items:
                raise ValueError(
                    f"this item's JSON would hold more than {max_items:,} nested items (an itemref chain "
                    "repeats each shared item wherever it is a value); pass max_items=None to write it anyway")
            sizes[id(item)] = size
            opened.discard(id(item))

    def json_dict(self, *, max_items: int | None = MAX_JSON_ITEMS) -> dict[str, Any]:
        """The HTML standard's JSON object for the item (nested items as objects).

        ``{"type": [...], "id": ..., "properties": {name: [values]}}``, with ``type``
        and ``id`` only when the item has them (HTML Standard 5.4 "JSON"). Raises
        ``ValueError`` above ``max_items`` nested items (see ``json()``).
        """
        self._check_json_size(max_items)
        root: dict[str, Any] = {}
        stack: list[tuple[MicrodataItem, dict[str, Any]]] = [(self, root)]
        while stack:
            item, out = stack.pop()
            types = _item_types(item.type)
            if types:
                out["type"] = types
            if item.id is not None:
                out["id"] = item.id
            props: dict[str, list[Any]] = {}
            out["properties"] = props
            for name, values in item.properties.items():
                converted: list[Any] = []
                for value in values:
                    if isinstance(value, MicrodataItem):
                        child: dict[str, Any] = {}
                        converted.append(child)
                        stack.append((value, child))
                    else:
                        converted.append(value)
                props[name] = converted
        return root

    def json(self, *, max_items: int | None = MAX_JSON_ITEMS) -> str:
        """The item as the HTML standard's JSON, indented by two spaces as ``microdata.Item.json()``.

        The text ``json.dumps(item.json_dict(), indent=2, ensure_ascii=False)`` gives
        (the library escapes non-ASCII as ``\\uXXXX``; both load to the same object),
        written without recursion (the ``json`` module's encoder recurses per level).
        Levels past ``INDENT_LEVELS`` are written on one line, so the text of a
        pathologically deep item stays linear in its size. An item nesting more than
        ``max_items`` items (``MAX_JSON_ITEMS``, a million, by default; ``None``: no
        bound) raises ``ValueError`` before anything is written.
        """
        return _indented_json(self.json_dict(max_items=max_items))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, MicrodataItem):
            return NotImplemented
        pairs: list[tuple[MicrodataItem, MicrodataItem]] = [(self, other)]
        while pairs:
            left, right = pairs.pop()
            if left is right:
                continue
            if left.type != right.type or left.id != right.id:
                return False
            if left.properties.keys() != right.properties.keys():
                return False
            for name, values in left.properties.items():
                others = right.properties[name]
                if len(values) != len(others):
                    return False
                for a, b in zip(values, others, strict=False):
                    a_item, b_item = isinstance(a, MicrodataItem), isinstance(b, MicrodataItem)
                    if a_item and b_item:
                        pairs.append((a, b))  # type: ignore[arg-type]
                    elif a_item or b_item or a != b:
                        return False
        return True

    def __hash__(self) -> int:
        return hash((self.type, self.id, tuple(self.properties)))

    def __repr__(self) -> str:
        # Nested items show one level deep, so a deep tree prints in bounded time.
        def short(value: Any) -> str:
            if isinstance(value, MicrodataItem):
                return f"MicrodataItem(type={value.type!r}, id={value.id!r}, ...)"
            return repr(value)

        props = ", ".join(
            f"{name!r}: [{', '.join(short(v) for v in values)}]" for name, values in self.properties.items()
        )
        return f"MicrodataItem(type={self.type!r}, id={self.id!r}, properties={{{props}}})"

    def _repr_html_(self) -> str:
        from turbohtml._display import microdata_html

        return microdata_html(self)


@dataclass(frozen=True, slots=True)
class StructuredData:
    """Everything declared for machines on a page: JSON-LD blocks, microdata items, Open Graph."""

    json_ld: list[Any]
    microdata: list[MicrodataItem]
    opengraph: Mapping[str, str]

    def _repr_html_(self) -> str:
        from turbohtml._display import structured_html

        return structured_html(self)


@dataclass(frozen=True, slots=True)
class Metadata:
    """A page's metadata, every source weighed, as ``Document.metadata()`` returns it.

    Strings are whitespace-folded; a field is ``None`` (``()`` for ``tags`` and
    ``categories``) when the page does not carry it: nothing is guessed. ``author`` holds
    the names joined with ``"; "``; ``date`` and ``date_modified`` are ISO
    ``YYYY-MM-DD``; ``canonical`` and ``image`` are absolute when a base URL is known;
    ``url`` is the address passed in, else the page's canonical one.
    """

    title: str | None = None
    author: str | None = None
    date: str | None = None
    date_modified: str | None = None
    description: str | None = None
    site_name: str | None = None
    canonical: str | None = None
    image: str | None = None
    tags: tuple[str, ...] = ()
    categories: tuple[str, ...] = ()
    lang: str | None = None
    page_type: str | None = None
    url: str | None = None
