"""``justext``'s call shape over turbohtml's scoring: change the import, keep the call.

    from turbohtml.compat import justext
    for paragraph in justext.justext(html, justext.get_stoplist("English")):
        if not paragraph.is_boilerplate:
            print(paragraph.text)

Classification comes from the main-content scoring (``turbohtml.extract.boilerplate``):
a paragraph is good when it lies inside the scored content body and clears the
``length_low`` floor and the ``max_link_density`` cap (``Extraction.justext()``'s
thresholds, overridable per call). Headings inside the body are good when a good
paragraph follows within ``max_heading_distance`` characters, justext's heading rule;
``no_headings=True`` makes them face the length floor like prose.

The stoplist does not influence classification. It is validated (a collection of
``str``), kept on each paragraph's ``stopwords_count``/``stopwords_density`` methods, and
decides only the informational context-free class ``cf_class``'s ``"neargood"`` split,
as in justext. ``length_high``, ``stopwords_low`` and ``stopwords_high`` are accepted and
validated, and read only for ``cf_class``. A custom ``preprocessor`` (an lxml tree
function) cannot run on a lexbor tree and raises ``TypeError``.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Collection
from typing import Any

from turbohtml._core import Element, parse
from turbohtml._units import HEADING, IN_CONTENT, BOILERPLATE_REGION
from turbohtml.compat._blocks import Block, ancestors, blocks
from turbohtml.extract.options import Extraction

__all__ = [
    "LENGTH_HIGH_DEFAULT",
    "LENGTH_LOW_DEFAULT",
    "MAX_HEADING_DISTANCE_DEFAULT",
    "MAX_LINK_DENSITY_DEFAULT",
    "NO_HEADINGS_DEFAULT",
    "STOPWORDS_HIGH_DEFAULT",
    "STOPWORDS_LOW_DEFAULT",
    "JustextError",
    "Paragraph",
    "get_stoplist",
    "get_stoplists",
    "justext",
]

MAX_LINK_DENSITY_DEFAULT = 0.2
LENGTH_LOW_DEFAULT = 70
LENGTH_HIGH_DEFAULT = 200
STOPWORDS_LOW_DEFAULT = 0.30
STOPWORDS_HIGH_DEFAULT = 0.32
NO_HEADINGS_DEFAULT = False
MAX_HEADING_DISTANCE_DEFAULT = 200
DEFAULT_ENCODING = "utf8"
_BOMS = (b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff")
#: A ``<meta charset>``/``content="...; charset=..."`` declaration in the first bytes.
_CHARSET_META = re.compile(rb"""<meta[^>]+charset=["']?([^'"/>\s]+)""", re.IGNORECASE)
DEFAULT_ENC_ERRORS = "replace"

#: The 100 stoplist names justext 3 ships (its ``stoplists/*.txt``).
STOPLIST_NAMES = frozenset("""
Afrikaans Albanian Arabic Aragonese Armenian Aromanian Asturian Azerbaijani Basque
Belarusian Belarusian_Taraskievica Bengali Bishnupriya_Manipuri Bosnian Breton
Bulgarian Catalan Cebuano Chuvash Croatian Czech Danish Dutch English Esperanto
Estonian Finnish French Galician Georgian German Greek Gujarati Haitian Hebrew Hindi
Hungarian Icelandic Ido Igbo Indonesian Irish Italian Javanese Kannada Kazakh Korean
Kurdish Kyrgyz Latin Latvian Lithuanian Lombard Low_Saxon Luxembourgish Macedonian
Malay Malayalam Maltese Marathi Neapolitan Nepali Newar Norwegian_Bokmal
Norwegian_Nynorsk Occitan Persian Piedmontese Polish Portuguese Quechua Romanian
Russian Samogitian Serbian Serbo_Croatian Sicilian Simple_English Slovak Slovenian
Spanish Sundanese Swahili Swedish Tagalog Tamil Telugu Turkish Turkmen Ukrainian Urdu
Uzbek Vietnamese Volapuk Walloon Waray_Waray Welsh West_Frisian Western_Panjabi Yoruba
""".split())


class JustextError(Exception):
    """Base class of justext's errors (kept so ``except justext.JustextError`` works)."""


def get_stoplists() -> frozenset[str]:
    """The names ``get_stoplist`` accepts (justext's built-in stoplist names)."""
    return STOPLIST_NAMES


def get_stoplist(language: str) -> frozenset[str]:
    """The stopwords for ``language`` (a ``get_stoplists()`` name).

    The word lists are justext's data (2.5 MB) and are not shipped: when the ``justext``
    package is installed its list is returned; otherwise an empty frozenset, which is
    harmless because the stoplist does not drive classification here (it only feeds
    ``stopwords_density`` and ``cf_class``). An unknown name raises ``ValueError`` as
    justext does.
    """
    if language not in STOPLIST_NAMES:
        raise ValueError(
            f"Stoplist for language {language!r} is missing. "
            "Please use function 'get_stoplists' for complete list of stoplists."
        )
    try:
        import pkgutil

        data = pkgutil.get_data("justext", os.path.join("stoplists", f"{language}.txt"))
    except (ImportError, OSError):
        return frozenset()
    if data is None:
        return frozenset()
    return frozenset(word.decode("utf8").lower() for word in data.splitlines())


class Paragraph:
    """One block of text with justext's attributes.

    ``class_type`` is ``"good"`` or ``"bad"`` (justext's final classes; ``"short"`` and
    ``"neargood"`` only appear in the context-free ``cf_class``); ``is_boilerplate`` is
    ``class_type != "good"``.
    """

    __slots__ = ("text", "dom_path", "xpath", "chars_count_in_links", "tags_count",
                 "class_type", "cf_class", "heading", "_is_heading")

    def __init__(self, text: str, dom_path: str, xpath: str, chars_count_in_links: int,
                 is_heading: bool) -> None:
        self.text = text
        self.dom_path = dom_path
        self.xpath = xpath
        self.chars_count_in_links = chars_count_in_links
        self.tags_count = 0
        self.class_type = "bad"
        self.cf_class = "bad"
        self.heading = is_heading
        self._is_heading = is_heading

    @property
    def is_heading(self) -> bool:
        return self._is_heading

    @property
    def is_boilerplate(self) -> bool:
        return self.class_type != "good"

    @property
    def text_nodes(self) -> list[str]:
        return [self.text]

    def __len__(self) -> int:
        return len(self.text)

    @property
    def words_count(self) -> int:
        return len(self.text.split())

    def contains_text(self) -> bool:
        return bool(self.text)

    def stopwords_count(self, stopwords: Collection[str]) -> int:
        return sum(word.lower() in stopwords for word in self.text.split())

    def stopwords_density(self, stopwords: Collection[str]) -> float:
        words = self.words_count
        return self.stopwords_count(stopwords) / words if words else 0

    def links_density(self) -> float:
        length = len(self.text)
        return self.chars_count_in_links / length if length else 0

    def __repr__(self) -> str:
        preview = self.text if len(self.text) <= 50 else self.text[:47] + "..."
        return f"<Paragraph {self.class_type} {self.dom_path!r} {preview!r}>"


def _number(name: str, value: object, low: float, high: float | None = None) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"justext() {name} must be a number, not {type(value).__name__}")
    if value < low or (high is not None and value > high):
        bound = f"within [{low}, {high}]" if high is not None else f">= {low}"
        raise ValueError(f"justext() {name} must be {bound}, got {value}")
    return value


def _paths(element: Element | None, cache: dict) -> tuple[str, str]:
    """justext's ``dom_path`` (``html.body.div.p``) and ``xpath`` (``/html[1]/body[1]/...``)."""
    if element is None:
        return "", ""
    chain = ancestors(element)
    steps = []
    for node in chain:
        step = cache.get(node)
        if step is None:
            index, sibling = 1, node.previous_sibling
            while sibling is not None:
                if sibling.tag == node.tag:
                    index += 1
                sibling = sibling.previous_sibling
            step = cache[node] = f"{node.tag}[{index}]"
        steps.append(step)
    return ".".join(node.tag for node in chain), "/" + "/".join(steps)  # type: ignore[misc]


def _decode(html_text: Any, encoding: str | None, default_encoding: str, enc_errors: str) -> str | bytes:
    if isinstance(html_text, str):
        return html_text
    if isinstance(html_text, (bytes, bytearray, memoryview)):
        data = bytes(html_text)
        if encoding is not None:
            return data.decode(encoding, enc_errors)
        if default_encoding != DEFAULT_ENCODING and not data.startswith(_BOMS) \
                and not _CHARSET_META.search(data[:4096]):
            # justext's order: a declared charset, then UTF-8, then default_encoding
            try:
                data.decode("utf-8")
            except UnicodeDecodeError:
                return data.decode(default_encoding, enc_errors)
        return data
    raise TypeError(f"justext() takes the page as str or bytes, not {type(html_text).__name__}")


def justext(
    html_text: str | bytes,
    stoplist: Collection[str],
    length_low: int = LENGTH_LOW_DEFAULT,
    length_high: int = LENGTH_HIGH_DEFAULT,
    stopwords_low: float = STOPWORDS_LOW_DEFAULT,
    stopwords_high: float = STOPWORDS_HIGH_DEFAULT,
    max_link_density: float = MAX_LINK_DENSITY_DEFAULT,
    max_heading_distance: int = MAX_HEADING_DISTANCE_DEFAULT,
    no_headings: bool = NO_HEADINGS_DEFAULT,
    encoding: str | None = None,
    default_encoding: str = DEFAULT_ENCODING,
    enc_errors: str = DEFAULT_ENC_ERRORS,
    preprocessor: Callable[[Any], Any] | None = None,
) -> list[Paragraph]:
    """Convert an HTML page into a list of classified paragraphs, justext's call shape."""
    if isinstance(stoplist, str) or not isinstance(stoplist, Collection):
        raise TypeError(f"justext() stoplist must be a collection of words, not {type(stoplist).__name__}")
    stopwords = frozenset(str(word).lower() for word in stoplist)
    if preprocessor is not None:
        raise TypeError("justext() preprocessor is not supported: turbohtml does not build an lxml tree "
                        "(scripts, styles and hidden elements are skipped by the engine itself)")
    length_low = int(_number("length_low", length_low, 0))
    length_high = _number("length_high", length_high, 0)
    stopwords_low = _number("stopwords_low", stopwords_low, 0, 1)
    stopwords_high = _number("stopwords_high", stopwords_high, 0, 1)
    max_link_density = _number("max_link_density", max_link_density, 0, 1)
    max_heading_distance = _number("max_heading_distance", max_heading_distance, 0)
    if not isinstance(no_headings, bool):
        raise TypeError(f"justext() no_headings must be bool, not {type(no_headings).__name__}")
    options = Extraction(min_length=length_low, max_link_density=float(max_link_density),
                         keep_headings=not no_headings)
    doc = parse(_decode(html_text, encoding, default_encoding, enc_errors))
    _, units = blocks(doc)
    cache: dict = {}
    paragraphs = []
    for unit in units:
        dom_path, xpath = _paths(unit.element, cache)
        is_heading = bool(unit.flags & HEADING)
        paragraph = Paragraph(unit.text, dom_path, xpath, unit.link_chars, is_heading)
        paragraph.heading = is_heading and not no_headings
        paragraph.cf_class = _context_free(unit, paragraph, options, stopwords, length_high,
                                           stopwords_low, stopwords_high)
        paragraph.class_type = "bad" if _is_boilerplate(unit, options) else "good"
        paragraphs.append(paragraph)
    _short_rule(paragraphs)
    if not no_headings:
        _heading_rule(paragraphs, max_heading_distance)
    return paragraphs


def _is_boilerplate(unit: Block, options: Extraction) -> bool:
    """``turbohtml.extract.boilerplate``'s rule for one unit."""
    if not unit.flags & IN_CONTENT or unit.flags & BOILERPLATE_REGION:
        return True
    if unit.chars and unit.link_chars / unit.chars > options.max_link_density:
        return True
    if unit.flags & HEADING and options.keep_headings:
        return False
    return len(unit.text) < options.min_length


def _context_free(unit: Block, paragraph: Paragraph, options: Extraction, stopwords: frozenset[str],
                  length_high: float, stopwords_low: float, stopwords_high: float) -> str:
    """The informational ``cf_class``: the engine's verdict, split by length and stopwords."""
    if not unit.flags & IN_CONTENT or unit.flags & BOILERPLATE_REGION:
        return "bad"
    if paragraph.links_density() > options.max_link_density:
        return "bad"
    if len(unit.text) < options.min_length:
        return "short"
    if not stopwords:
        return "good"
    density = paragraph.stopwords_density(stopwords)
    if density >= stopwords_high and len(unit.text) > length_high:
        return "good"
    return "neargood" if density >= stopwords_low else "bad"


def _short_rule(paragraphs: list[Paragraph]) -> None:
    """A short paragraph inside the content body between two good ones is good
    (justext's "classify short" revision, limited to the body the scoring chose)."""
    count = len(paragraphs)
    before, after = ["bad"] * count, ["bad"] * count
    last = "bad"
    for index, paragraph in enumerate(paragraphs):
        before[index] = last
        if paragraph.cf_class != "short":
            last = paragraph.class_type
    last = "bad"
    for index in range(count - 1, -1, -1):
        after[index] = last
        if paragraphs[index].cf_class != "short":
            last = paragraphs[index].class_type
    for index, paragraph in enumerate(paragraphs):
        if paragraph.cf_class == "short" and not paragraph.heading and before[index] == after[index] == "good":
            paragraph.class_type = "good"


def _heading_rule(paragraphs: list[Paragraph], distance_limit: float) -> None:
    """A good heading stays good only when a good prose paragraph follows within
    ``max_heading_distance`` characters (justext's "good headings" revision)."""
    for index, paragraph in enumerate(paragraphs):
        if not (paragraph.heading and paragraph.class_type == "good"):
            continue
        distance, j, keep = 0, index + 1, False
        while j < len(paragraphs) and distance <= distance_limit:
            follower = paragraphs[j]
            if follower.class_type == "good" and not follower.heading:
                keep = True
                break
            distance += len(follower.text)
            j += 1
        if not keep:
            paragraph.class_type = "bad"
