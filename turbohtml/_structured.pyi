from collections.abc import Callable

from turbohtml._core import Document, Element, Node
from turbohtml.extract.records import MicrodataItem

WANT_MICRODATA: int
WANT_OPENGRAPH: int
WANT_JSON_LD: int
MAX_ITEM_FRAMES: int

def collect(
    doc: Document, want: int, make_resolver: Callable[[str | None], Callable[[str], str] | None]
) -> tuple[list[MicrodataItem], list[tuple[str, str]], list[str], Callable[[str], str] | None]: ...
def links(node: Node) -> list[tuple[Element, str, str]]: ...
def json_depth_exceeds(text: str, limit: int) -> bool: ...
