from collections.abc import Iterable

from typing_extensions import disjoint_base

from turbohtml._core import Node

HEADING: int
LIST_ITEM: int
IN_CONTENT: int
BOILERPLATE_REGION: int
CAPTION: int
LINKED_PROSE: int
ARTICLE_HEADER: int
BLOCK_TAGS: frozenset[str]

@disjoint_base
class ParagraphUnit(tuple[str, int, int, int]):
    block: Node | None

def paragraph_units(
    scope: Node, content: Node | None = None, mode: int = 1, /
) -> list[ParagraphUnit]: ...
def article_units(units: Iterable[ParagraphUnit], mode: int, /) -> list[ParagraphUnit]: ...
