"""opengraph(): a page's Open Graph card as a read-only mapping.

Rules (the spec names the shape, these are the choices where it is silent):

- every ``<meta>`` whose ``property`` (or, failing that, ``name``) starts with ``og:``
  in any letter case and that has a ``content`` attribute, in document order wherever
  the parser put it: an ``<img>`` or text in the head ends it, moving the metas after
  it into ``<body>``, and some pages print their card in the body;
- the key is the rest of the name, lower-cased (``og:Image:Width`` -> ``image:width``);
  ``twitter:`` and every other prefix are not Open Graph and are dropped;
- the first occurrence of a key wins in the mapping (the protocol lists the primary
  ``og:image`` first); ``get_all(key)`` returns every value in document order, so
  repeated images, videos and locales stay reachable;
- values are kept as written, except URL-valued keys (``URL_KEYS``), which resolve
  against ``base_url`` (refined by ``<base href>``) when one is given; a value that
  does not resolve is kept as written;
- ``opengraph(page)`` parses the page only up to its last possible og: spelling (and
  last ``<base``): same result as the whole-tree walk.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

from turbohtml._structured import WANT_BASE, WANT_OPENGRAPH, collect, parse_for_opengraph
from turbohtml.extract.structured import check_base_url, resolver_factory

if TYPE_CHECKING:
    from turbohtml._core import Document

__all__ = ["REQUIRED_KEYS", "URL_KEYS", "OpenGraph", "document_opengraph", "opengraph"]

#: The four properties the Open Graph protocol requires of every page.
REQUIRED_KEYS = ("title", "type", "image", "url")

#: Prefix-stripped keys whose values are URLs (ogp.me: url, image, video, audio and
#: their structured ``:url``/``:secure_url`` forms).
URL_KEYS = frozenset(
    {
        "url",
        "image",
        "image:url",
        "image:secure_url",
        "video",
        "video:url",
        "video:secure_url",
        "audio",
        "audio:url",
        "audio:secure_url",
    }
)


class OpenGraph(Mapping[str, str]):
    """A page's Open Graph metadata as a read-only mapping, as ``Document.opengraph()`` returns it.

    Keys are the ``og:`` property names with that prefix stripped (``og:title`` reads
    as ``og["title"]``), matching the ``opengraph`` library's dict. The mapping supports
    the full read surface - ``og["title"]``, ``"title" in og``, ``og.get("title")``,
    iteration, and equality against a plain ``dict`` - and adds ``is_valid()`` and
    ``get_all()`` for repeated properties.
    """

    __slots__ = ("_first", "_pairs")

    _first: dict[str, str]
    _pairs: tuple[tuple[str, str], ...]  # every (key, value) in document order

    def __init__(self, properties: Mapping[str, str] | Iterable[tuple[str, str]], /) -> None:
        first = dict(properties)
        for key, value in first.items():
            if not isinstance(key, str) or not isinstance(value, str):
                raise TypeError(
                    f"OpenGraph properties must map str to str, got {type(key).__name__}: {type(value).__name__}"
                )
        object.__setattr__(self, "_first", first)
        object.__setattr__(self, "_pairs", tuple(first.items()))

    @classmethod
    def _from_pairs(cls, pairs: Iterable[tuple[str, str]]) -> OpenGraph:
        """Build from ``(key, value)`` pairs in document order: first wins, all kept."""
        pairs = tuple(pairs)
        first = dict(pairs)
        if len(first) < len(pairs):  # a repeated key: its first value wins
            first = {}
            for key, value in pairs:
                first.setdefault(key, value)
        og = cls.__new__(cls)
        object.__setattr__(og, "_first", first)
        object.__setattr__(og, "_pairs", pairs)
        return og

    def __getitem__(self, key: str) -> str:
        return self._first[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._first)

    def __len__(self) -> int:
        return len(self._first)

    def __contains__(self, key: object) -> bool:
        return key in self._first

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("OpenGraph is read-only")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("OpenGraph is read-only")

    def __repr__(self) -> str:
        return f"OpenGraph({self._first!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (OpenGraph._from_pairs, (self._pairs,))

    def get_all(self, key: str) -> list[str]:
        """Every value of ``key`` in document order (an empty list when absent).

        ``og["image"]`` is the first ``og:image``; ``og.get_all("image")`` lists them all.
        """
        return [value for name, value in self._pairs if name == key]

    def is_valid(self) -> bool:
        """Whether the page carries the four properties the Open Graph protocol requires, each non-empty.

        Mirrors the ``opengraph`` library's ``is_valid``: every one of ``og:title``,
        ``og:type``, ``og:image`` and ``og:url`` is present with a non-empty value. The
        ``opengraph_py3`` fork also demands ``og:description``; the protocol does not,
        so it is not required here.
        """
        return all(self._first.get(key) for key in REQUIRED_KEYS)

    def _repr_html_(self) -> str:
        from turbohtml._display import opengraph_html

        return opengraph_html(self)


def build_opengraph(pairs: list[tuple[str, str]], resolve: Callable[[str], str] | None) -> OpenGraph:
    """An ``OpenGraph`` from the walk's pairs, URL-valued keys resolved when possible."""
    if resolve is not None:
        pairs = [(key, (resolve(value) or value) if key in URL_KEYS else value) for key, value in pairs]
    return OpenGraph._from_pairs(pairs)


def document_opengraph(doc: Document, base_url: str | None = None, /) -> OpenGraph:
    """The Open Graph properties of a parsed document."""
    return _card(doc, check_base_url(base_url))


def _card(doc: Document, base: str | None) -> OpenGraph:
    """The walk behind both entry points, with ``base`` already checked."""
    want = WANT_OPENGRAPH if base is None else WANT_OPENGRAPH | WANT_BASE
    _items, pairs, _texts, resolve = collect(doc, want, resolver_factory(base))
    return build_opengraph(pairs, resolve)


def opengraph(html: str, base_url: str | None = None, /) -> OpenGraph:
    """Extract a page's Open Graph metadata, the successor to ``opengraph.OpenGraph(html=...)``.

    Reads the ``og:`` ``<meta>`` tags ``turbohtml.Document.opengraph()`` gathers, with
    the ``twitter:`` tags dropped and the ``og:`` prefix stripped from each key so
    ``og["title"]`` reads the ``og:title`` tag. When a key repeats the first occurrence
    wins; ``get_all()`` returns every value. ``base_url``, when given, is the URL each
    relative URL-valued property (``og:url``, ``og:image``, ``og:video``, ...) is
    resolved against; a ``<base href>`` refines it. ``None`` returns every value
    verbatim. Raises ``ValueError`` if ``base_url`` is not an absolute URL.
    """
    base = check_base_url(base_url)
    doc = parse_for_opengraph(html, base is not None)
    return OpenGraph._from_pairs(()) if doc is None else _card(doc, base)
