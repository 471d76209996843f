from typing import Literal

from turbohtml._core import Node

TAG_FEATURES: tuple[str, ...]
FEATURE_NAMES: tuple[str, ...]
PAGE_KINDS_NAMES: tuple[str, ...]

def feature_vector(node: Node, /) -> list[float]: ...
def page_type(
    node: Node, /
) -> Literal["article", "forum", "product", "collection", "listing", "documentation", "service"]: ...
def use_model(model: object) -> None: ...
def text_counts(data: bytes, /) -> tuple[int, int, int]: ...
