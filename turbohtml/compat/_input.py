"""The page argument the peer libraries accept, turned into a parsed Document."""

from __future__ import annotations

from typing import Any

from turbohtml._core import Document, parse


def as_document(page: Any, accepted_by: str) -> Document:
    """A Document from str/bytes markup, a Document, or an lxml tree (which trafilatura
    and htmldate users pass); ``TypeError`` naming ``accepted_by`` otherwise."""
    if isinstance(page, Document):
        return page
    if isinstance(page, (str, bytes, bytearray, memoryview)):
        return parse(page)
    if hasattr(page, "getroottree"):
        from lxml import html as lxml_html

        return parse(lxml_html.tostring(page, encoding="unicode"))
    raise TypeError(f"{accepted_by} takes str, bytes, a turbohtml Document or an lxml tree, "
                    f"not {type(page).__name__}")
