from collections.abc import Callable

from turbohtml._core import Document, Element, Node
from turbohtml.extract.records import MicrodataItem

WANT_MICRODATA: int
WANT_OPENGRAPH: int
WANT_JSON_LD: int
WANT_BASE: int
REBUILD_WORK_PER_ELEMENT: int
REBUILD_WORK_FLOOR: int

def collect(
    doc: Document, want: int, make_resolver: Callable[[str | None], Callable[[str], str] | None]
) -> tuple[list[MicrodataItem], list[tuple[str, str]], list[str], Callable[[str], str] | None]: ...
def links(node: Node) -> list[tuple[Element, str, str]]: ...
def json_depth_exceeds(text: str, limit: int) -> bool: ...
def last_og_spot(data: bytes) -> int: ...
def contains_folded(data: bytes, needle: bytes) -> bool: ...
def parse_for_opengraph(markup: str | bytes | bytearray | memoryview, resolve_urls: bool) -> Document | None: ...
