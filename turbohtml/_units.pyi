from turbohtml._core import Node

HEADING: int
LIST_ITEM: int
IN_CONTENT: int
BOILERPLATE_REGION: int
CAPTION: int

def paragraph_units(
    scope: Node, content: Node | None = None, prune_classes: bool = True, /
) -> list[tuple[str, int, int, int]]: ...
