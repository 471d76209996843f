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


@dataclass(frozen=True, slots=True)
class PublicationDate:
    """A date ``dates()`` recovered and the signal it read it from."""

    date: str
    signal: Signal


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

    __reduce__ = _without_element

    def __repr__(self) -> str:
        preview = self.text if len(self.text) <= 60 else self.text[:57] + "..."
        return (
            f"Article(title={self.title!r}, byline={self.byline!r}, date={self.date!r}, "
            f"lang={self.lang!r}, text={preview!r})"
        )


@dataclass(frozen=True, slots=True)
class Link:
    """One URL-bearing attribute: the element, the attribute name, the URL as written."""

    element: Node | None
    attribute: str
    url: str

    __reduce__ = _without_element


@dataclass(frozen=True, slots=True)
class MicrodataItem:
    """One HTML Microdata item: ``itemtype`` as written, ``itemid``, and its properties.

    ``properties`` maps each property name to its values in document order; a value is
    a ``str`` or a nested ``MicrodataItem``. Accessors mirror the ``microdata`` library.
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

    def json_dict(self) -> dict[str, Any]:
        """The HTML standard's JSON object for the item (nested items as objects)."""
        out: dict[str, Any] = {}
        if self.type:
            out["type"] = self.type.split()
        if self.id is not None:
            out["id"] = self.id
        out["properties"] = {
            name: [v.json_dict() if isinstance(v, MicrodataItem) else v for v in values]
            for name, values in self.properties.items()
        }
        return out

    def json(self) -> str:
        """The item as the HTML standard's JSON serialisation, like ``microdata.Item.json()``."""
        import json

        return json.dumps(self.json_dict(), ensure_ascii=False)

    def __hash__(self) -> int:
        return hash((self.type, self.id, tuple(self.properties)))


@dataclass(frozen=True, slots=True)
class StructuredData:
    """Everything declared for machines on a page: JSON-LD blocks, microdata items, Open Graph."""

    json_ld: list[Any]
    microdata: list[MicrodataItem]
    opengraph: Mapping[str, str]
