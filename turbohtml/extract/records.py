"""The records extraction returns: frozen, slotted, typed, with readable reprs.

Imports nothing from turbohtml at module level, so every layer can depend on it.
Records holding a node handle (``Article.element``, ``Link.element``) pickle without
it: a handle points into one process's C tree and cannot travel.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Literal

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


@dataclass(frozen=True, slots=True)
class Paragraph:
    """One paragraph unit of a page and its classification, as ``boilerplate()`` returns it."""

    text: str
    is_boilerplate: bool
    is_heading: bool

    def _repr_html_(self) -> str:
        from turbohtml._display import paragraph_html

        return paragraph_html(self)


@dataclass(frozen=True, slots=True)
class PublicationDate:
    """A date ``dates()`` recovered and the signal it read it from."""

    date: str
    signal: Signal

    def _repr_html_(self) -> str:
        from turbohtml._display import date_html

        return date_html(self)


def _without_element(record: Any) -> tuple:
    """Pickle support: rebuild the record with ``element=None``."""
    return (_rebuild, (type(record), replace(record, element=None).__getstate__()))


def _rebuild(cls: type, state: Any) -> Any:
    obj = object.__new__(cls)
    obj.__setstate__(state)
    return obj


@dataclass(frozen=True, slots=True)
class Article:
    """The main content of a page and its declared metadata, as ``Node.article()`` returns it.

    ``element`` is the content body (``None`` when no container scored); ``text`` the
    article as a reader wants it. The metadata fields are whitespace-folded and ``None``
    when the page does not declare them.
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

    __reduce__ = _without_element

    def __repr__(self) -> str:
        preview = self.text if len(self.text) <= 60 else self.text[:57] + "..."
        return (
            f"Article(title={self.title!r}, byline={self.byline!r}, date={self.date!r}, "
            f"lang={self.lang!r}, text={preview!r})"
        )

    def _repr_html_(self) -> str:
        from turbohtml._display import article_html

        return article_html(self)


@dataclass(frozen=True, slots=True)
class Link:
    """One URL-bearing attribute: the element, the attribute name, the URL as written."""

    element: Node | None
    attribute: str
    url: str

    __reduce__ = _without_element


_ASCII_SPACE = "\t\n\x0c\r "


def _item_types(itemtype: str | None) -> list[str]:
    """The item types: ``itemtype`` split on ASCII whitespace (HTML Standard 5.2.2)."""
    if not itemtype:
        return []
    for space in _ASCII_SPACE[:-1]:
        itemtype = itemtype.replace(space, " ")
    return [token for token in itemtype.split(" ") if token]


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class MicrodataItem:
    """One HTML Microdata item: ``itemtype`` as written, ``itemid``, and its properties.

    ``properties`` maps each property name to its values in document order; a value is
    a ``str`` or a nested ``MicrodataItem`` (or the standard's ``"ERROR"`` marker where
    an ``itemref`` cycle would make an item contain itself). Accessors mirror the
    ``microdata`` library's ``Item``. Equality, ``repr`` and the JSON serialisation are
    iterative, so items nested 10,000 deep need no recursion.
    """

    type: str | None
    id: str | None
    properties: Mapping[str, tuple[str | MicrodataItem, ...]] = field(default_factory=dict)

    def get(self, name: str) -> str | MicrodataItem | None:
        """The first value of property ``name``, or ``None``."""
        values = self.properties.get(name)
        return values[0] if values else None

    def get_all(self, name: str) -> list[str | MicrodataItem]:
        """Every value of property ``name`` (an empty list when absent)."""
        return list(self.properties.get(name, ()))

    @property
    def types(self) -> list[str]:
        """The item types: ``type`` split on ASCII whitespace."""
        return _item_types(self.type)

    def json_dict(self) -> dict[str, Any]:
        """The HTML standard's JSON object for the item (nested items as objects).

        ``{"type": [...], "id": ..., "properties": {name: [values]}}``, with ``type``
        and ``id`` only when the item has them (HTML Standard 5.4 "JSON").
        """
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

    def json(self) -> str:
        """The item as the HTML standard's JSON serialisation, like ``microdata.Item.json()``.

        Written without recursion (the ``json`` module's encoder recurses per level).
        """
        import json

        encode = json.dumps
        parts: list[str] = []
        # The work stack holds items to open and literal text to emit, in reverse.
        work: list[MicrodataItem | str] = [self]
        while work:
            entry = work.pop()
            if isinstance(entry, str):
                parts.append(entry)
                continue
            fields: list[str] = []
            types = _item_types(entry.type)
            if types:
                fields.append(f'"type": {encode(types, ensure_ascii=False)}')
            if entry.id is not None:
                fields.append(f'"id": {encode(entry.id, ensure_ascii=False)}')
            # Emit "{fields, "properties": {"name": [v, v], ...}}" with nested items
            # pushed as work entries between literal fragments.
            pending: list[MicrodataItem | str] = ["{" + "".join(f + ", " for f in fields) + '"properties": {']
            for index, (name, values) in enumerate(entry.properties.items()):
                prefix = ", " if index else ""
                pending.append(f"{prefix}{encode(name, ensure_ascii=False)}: [")
                for position, value in enumerate(values):
                    if position:
                        pending.append(", ")
                    if isinstance(value, MicrodataItem):
                        pending.append(value)
                    else:
                        pending.append(encode(value, ensure_ascii=False))
                pending.append("]")
            pending.append("}}")
            work.extend(reversed(pending))
        return "".join(parts)

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
                for a, b in zip(values, others):
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
            f"{name!r}: ({', '.join(short(v) for v in values)}{',' if len(values) == 1 else ''})"
            for name, values in self.properties.items()
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
