from collections.abc import Iterable

from typing_extensions import disjoint_base

from turbohtml._core import Node

@disjoint_base
class Rules:
    def __init__(
        self,
        tags: Iterable[bytes],
        attrs: Iterable[tuple[int, bytes]],
        url_attrs: Iterable[bytes],
        protocols: Iterable[bytes],
        relative_urls: bool,
        strip: bool,
        strip_comments: bool,
        link_rel: bytes,
        link_target: bytes,
        drop_content: Iterable[bytes],
    ) -> None: ...

def sanitize_markup(rules: Rules, markup: str, /) -> str: ...
def sanitize_tree(rules: Rules, node: Node, /) -> str: ...
