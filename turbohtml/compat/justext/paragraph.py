"""jusText's ``justext.paragraph``: one block of text and its measures."""

from __future__ import annotations

import re
from collections.abc import Collection
from typing import Any

from turbohtml.compat import MIRRORED
from turbohtml.compat.justext.utils import normalize_whitespace

__version__ = MIRRORED["justext"]

__all__ = ["Paragraph"]

_HEADING_STEP = re.compile(r"\bh\d\b")


class Paragraph:
    """A block of text at a DOM path (``path`` has ``dom`` and ``xpath``, as
    ``justext.core.PathInfo``). ``class_type`` is the final class (``"good"``/``"bad"``
    after classification), ``cf_class`` the context-free one."""

    #: set by classification (``classify_paragraphs`` or ``justext()``), as in jusText
    heading: bool
    cf_class: str

    def __init__(self, path: Any) -> None:
        self.dom_path: str = path.dom
        self.xpath: str = path.xpath
        self.text_nodes: list[str] = []
        self.chars_count_in_links = 0
        self.tags_count = 0
        self.class_type = ""

    @property
    def is_heading(self) -> bool:
        return bool(_HEADING_STEP.search(self.dom_path))

    @property
    def is_boilerplate(self) -> bool:
        return self.class_type != "good"

    @property
    def text(self) -> str:
        return normalize_whitespace("".join(self.text_nodes).strip())

    def __len__(self) -> int:
        return len(self.text)

    @property
    def words_count(self) -> int:
        return len(self.text.split())

    def contains_text(self) -> bool:
        return bool(self.text_nodes)

    def append_text(self, text: str) -> str:
        """Add a text node (whitespace-folded) and return it as added."""
        text = normalize_whitespace(text)
        self.text_nodes.append(text)
        return text

    def stopwords_count(self, stopwords: Collection[str]) -> int:
        return sum(word.lower() in stopwords for word in self.text.split())

    def stopwords_density(self, stopwords: Collection[str]) -> float:
        words = self.words_count
        return self.stopwords_count(stopwords) / words if words else 0

    def links_density(self) -> float:
        length = len(self.text)
        return self.chars_count_in_links / length if length else 0

    def __repr__(self) -> str:
        text = self.text
        preview = text if len(text) <= 50 else text[:47] + "..."
        return f"<Paragraph {self.class_type} {self.dom_path!r} {preview!r}>"
