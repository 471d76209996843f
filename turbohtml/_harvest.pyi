from typing import TypedDict, type_check_only

from typing_extensions import disjoint_base

from turbohtml._core import Element, Node

H1: int
HEADLINE: int
REL_AUTHOR: int
ITEMPROP_AUTHOR: int
BYLINE_CLASS: int
ADDRESS: int
BY_PREFIX: int
IN_CHROME: int
IN_COMMENTS: int
IN_ARTICLE: int
DATE: int
IN_HEADER: int
IN_POST_ASIDE: int
PUBLISHED: int
ITEMPROP_PUBLISHED: int

@type_check_only
class DeclaredMetadata(TypedDict):
    title: str | None
    byline: str | None
    date: str | None
    description: str | None
    lang: str | None
    canonical: str | None
    site_name: str | None
    tags: tuple[str, ...]
    image: str | None

def harvest_metadata(node: Node, /) -> DeclaredMetadata: ...
def joined_text(node: Node, /) -> str: ...
def shown_text(node: Node, /) -> str: ...
def shown_descendants(node: Node, /) -> list[Node]: ...
@disjoint_base
class SourceWords:
    def __init__(
        self, byline_words: list[bytes], comment_words: list[bytes], date_words: list[bytes],
        by_prefixes: list[bytes], published_labels: list[bytes], byline_exceptions: list[bytes], /,
    ) -> None: ...

def gather_sources(
    node: Node, words: SourceWords, stamp_after: int, meta_names: frozenset[str] | None = None, /,
) -> tuple[
    dict[str, list[str]], str | None, str | None, list[tuple[Element, int, int]], list[tuple[Node, int]],
    list[tuple[str, str]] | None, str,
]: ...
def longer_than(node: Node, limit: int, /) -> bool: ...
def resolve_references(text: str, /) -> str: ...
def spot_text(node: Node, limit: int, /) -> str: ...
def itemprop_name(node: Node, /) -> Element | None: ...
def href_links(node: Node, limit: int, /) -> list[Element]: ...
