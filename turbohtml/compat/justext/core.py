"""jusText's ``justext.core`` over turbohtml's scoring: change the import, keep the call.

    from turbohtml.compat import justext
    for paragraph in justext.justext(html, justext.get_stoplist("English")):
        if not paragraph.is_boilerplate:
            print(paragraph.text)

``justext()`` classifies with the main-content scoring (``turbohtml.extract.boilerplate``):
a paragraph is good when it lies inside the scored content body and clears the
``length_low`` floor and the ``max_link_density`` cap (``Extraction.justext()``'s
thresholds, overridable per call). Headings inside the body are good when a good
paragraph follows within ``max_heading_distance`` characters, justext's heading rule;
``no_headings=True`` makes them face the length floor like prose. The stoplist feeds
``stopwords_count``/``stopwords_density`` and the informational ``cf_class`` only.

jusText's building blocks are here too, with its behaviour, for code that calls them:
``html_to_dom``/``preprocessor`` (lxml trees), ``ParagraphMaker``, ``PathInfo``,
``classify_paragraphs`` and ``revise_paragraph_classification`` (its stopword
heuristic), ``decode_html``. A custom ``preprocessor`` given to ``justext()`` runs on
an lxml tree of the page, whose result the scoring then reads.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from types import SimpleNamespace
from typing import Any
from xml.sax.handler import ContentHandler

from turbohtml._core import Element, parse
from turbohtml._units import BOILERPLATE_REGION, HEADING, IN_CONTENT
from turbohtml.compat import MIRRORED
from turbohtml.compat._blocks import Block, ancestors, blocks
from turbohtml.compat.justext.paragraph import Paragraph
from turbohtml.compat.justext.utils import is_blank
from turbohtml.extract.options import Extraction

__version__ = MIRRORED["justext"]

__all__ = [
    "DEFAULT_ENCODING",
    "DEFAULT_ENC_ERRORS",
    "LENGTH_HIGH_DEFAULT",
    "LENGTH_LOW_DEFAULT",
    "MAX_HEADING_DISTANCE_DEFAULT",
    "MAX_LINK_DENSITY_DEFAULT",
    "NO_HEADINGS_DEFAULT",
    "PARAGRAPH_TAGS",
    "STOPWORDS_HIGH_DEFAULT",
    "STOPWORDS_LOW_DEFAULT",
    "JustextError",
    "JustextInvalidOptions",
    "ParagraphMaker",
    "PathInfo",
    "classify_paragraphs",
    "decode_html",
    "get_next_neighbour",
    "get_prev_neighbour",
    "html_to_dom",
    "justext",
    "preprocessor",
    "revise_paragraph_classification",
]

MAX_LINK_DENSITY_DEFAULT = 0.2
LENGTH_LOW_DEFAULT = 70
LENGTH_HIGH_DEFAULT = 200
STOPWORDS_LOW_DEFAULT = 0.30
STOPWORDS_HIGH_DEFAULT = 0.32
NO_HEADINGS_DEFAULT = False
MAX_HEADING_DISTANCE_DEFAULT = 200
DEFAULT_ENCODING = "utf8"
DEFAULT_ENC_ERRORS = "replace"
#: The elements that open and close a paragraph in jusText's own segmentation.
PARAGRAPH_TAGS = frozenset({
    "body", "blockquote", "caption", "center", "col", "colgroup", "dd", "div", "dl", "dt",
    "fieldset", "form", "legend", "optgroup", "option", "p", "pre", "table", "td",
    "textarea", "tfoot", "th", "thead", "tr", "ul", "li", "h1", "h2", "h3", "h4", "h5", "h6",
})
_BOMS = (b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff")
#: A ``<meta charset>``/``content="...; charset=..."`` declaration.
_CHARSET_META = re.compile(rb"""<meta[^>]+charset=["']?([^'"/>\s]+)""", re.IGNORECASE)


class JustextError(Exception):
    """Base class of jusText's errors."""


class JustextInvalidOptions(JustextError):
    """Options jusText cannot work with."""


# ------------------------------------------------------------------ jusText's building blocks

def decode_html(html: str | bytes, default_encoding: str = DEFAULT_ENCODING, encoding: str | None = None,
                errors: str = DEFAULT_ENC_ERRORS) -> str:
    """``html`` as ``str``: ``encoding`` when given, else a ``<meta>``-declared charset
    Python knows, else UTF-8, else ``default_encoding`` (``JustextError`` when that fails)."""
    if isinstance(html, str):
        return html
    data = bytes(html)
    if encoding:
        return data.decode(encoding, errors)
    declared = _CHARSET_META.search(data)
    if declared:
        try:
            return data.decode(declared.group(1).decode("ascii"), errors)
        except LookupError:
            pass
    try:
        return data.decode("utf8")
    except UnicodeDecodeError:
        try:
            return data.decode(default_encoding, errors)
        except UnicodeDecodeError as error:
            raise JustextError(f"Unable to decode the HTML to Unicode: {error}") from error


def html_to_dom(html: str | bytes, default_encoding: str = DEFAULT_ENCODING, encoding: str | None = None,
                errors: str = DEFAULT_ENC_ERRORS) -> Any:
    """An lxml tree of the page (jusText's input to ``preprocessor``); needs ``lxml``."""
    import lxml.html

    if isinstance(html, str):
        decoded = html
        raw = html.encode(encoding or default_encoding, errors)
    else:
        decoded, raw = decode_html(html, default_encoding, encoding, errors), html
    try:
        return lxml.html.fromstring(decoded, parser=lxml.html.HTMLParser())
    except ValueError:  # a str with an XML encoding declaration: lxml wants the bytes
        return lxml.html.fromstring(raw, parser=lxml.html.HTMLParser())


def preprocessor(dom: Any) -> Any:
    """jusText's cleaning of an lxml tree: comments, ``<head>``, scripts, styles,
    embedded objects and forms removed (lxml_html_clean's ``Cleaner``)."""
    try:
        from lxml_html_clean import Cleaner
    except ImportError:  # older lxml still bundles it
        from lxml.html.clean import Cleaner  # type: ignore[no-redef]
    cleaner = Cleaner(processing_instructions=False, remove_unknown_tags=False, safe_attrs_only=False,
                      page_structure=False, annoying_tags=False, frames=False, meta=False, links=False,
                      javascript=False, scripts=True, comments=True, style=True, embedded=True,
                      forms=True, kill_tags=("head",))
    return cleaner.clean_html(dom)


class PathInfo:
    """The open-element path during a walk, as ``dom`` (``html.body.p``) and ``xpath``
    (``/html[1]/body[1]/p[2]``: each step counts earlier same-name siblings)."""

    def __init__(self) -> None:
        self._steps: list[tuple[str, int, dict[str, int]]] = []

    @property
    def dom(self) -> str:
        return ".".join(step[0] for step in self._steps)

    @property
    def xpath(self) -> str:
        return "/" + "/".join(f"{name}[{order}]" for name, order, _ in self._steps)

    def append(self, tag_name: str) -> PathInfo:
        seen = self._steps[-1][2] if self._steps else {}
        order = seen.get(tag_name, 0) + 1
        seen[tag_name] = order
        self._steps.append((tag_name, order, {}))
        return self

    def pop(self) -> PathInfo:
        self._steps.pop()
        return self


class ParagraphMaker(ContentHandler):
    """jusText's segmentation of an lxml tree into ``Paragraph`` objects: a paragraph
    tag or ``<br><br>`` starts a new one, ``<a>`` text counts as link characters."""

    @classmethod
    def make_paragraphs(cls, root: Any) -> list[Paragraph]:
        import lxml.sax

        handler = cls()
        lxml.sax.saxify(root, handler)
        return handler.paragraphs

    def __init__(self) -> None:
        super().__init__()
        self.path = PathInfo()
        self.paragraphs: list[Paragraph] = []
        self.paragraph = Paragraph(self.path)
        self.link = False
        self.br = False

    def _new_paragraph(self) -> None:
        if self.paragraph.contains_text():
            self.paragraphs.append(self.paragraph)
        self.paragraph = Paragraph(self.path)

    def startElementNS(self, name: tuple[str | None, str], qname: Any, attrs: Any) -> None:
        tag = name[1]
        self.path.append(tag)
        paragraph = self.paragraph
        if tag in PARAGRAPH_TAGS or (tag == "br" and self.br):
            if tag == "br":  # the second <br> separates; it is not a tag of the paragraph
                paragraph.tags_count -= 1
            self._new_paragraph()
            return
        self.br = tag == "br"
        if self.br:
            paragraph.append_text(" ")
        elif tag == "a":
            self.link = True
        paragraph.tags_count += 1

    def endElementNS(self, name: tuple[str | None, str], qname: Any) -> None:
        tag = name[1]
        self.path.pop()
        if tag in PARAGRAPH_TAGS:
            self._new_paragraph()
        if tag == "a":
            self.link = False

    def endDocument(self) -> None:
        self._new_paragraph()

    def characters(self, content: str) -> None:
        if is_blank(content):
            return
        text = self.paragraph.append_text(content)
        if self.link:
            self.paragraph.chars_count_in_links += len(text)
        self.br = False


def classify_paragraphs(paragraphs: list[Paragraph], stoplist: Collection[str], length_low: int = LENGTH_LOW_DEFAULT,
                        length_high: int = LENGTH_HIGH_DEFAULT, stopwords_low: float = STOPWORDS_LOW_DEFAULT,
                        stopwords_high: float = STOPWORDS_HIGH_DEFAULT,
                        max_link_density: float = MAX_LINK_DENSITY_DEFAULT,
                        no_headings: bool = NO_HEADINGS_DEFAULT) -> None:
    """jusText's context-free classes (``cf_class``): link density, copyright signs and
    ``<select>`` make ``bad``; below ``length_low`` ``short``; then stopword density
    decides ``good``/``neargood``/``bad``."""
    stopwords = frozenset(word.lower() for word in stoplist)
    for paragraph in paragraphs:
        text = paragraph.text
        length = len(text)
        density = paragraph.stopwords_density(stopwords)
        paragraph.heading = bool(not no_headings and paragraph.is_heading)
        if paragraph.links_density() > max_link_density or "\xa9" in text or "&copy" in text \
                or "select" in paragraph.dom_path:
            paragraph.cf_class = "bad"
        elif length < length_low:
            paragraph.cf_class = "bad" if paragraph.chars_count_in_links > 0 else "short"
        elif density >= stopwords_high:
            paragraph.cf_class = "good" if length > length_high else "neargood"
        elif density >= stopwords_low:
            paragraph.cf_class = "neargood"
        else:
            paragraph.cf_class = "bad"


def _neighbour(index: int, paragraphs: list[Paragraph], ignore_neargood: bool, step: int) -> str:
    index += step
    while 0 <= index < len(paragraphs):
        found = paragraphs[index].class_type
        if found in ("good", "bad") or (found == "neargood" and not ignore_neargood):
            return found
        index += step
    return "bad"


def get_prev_neighbour(i: int, paragraphs: list[Paragraph], ignore_neargood: bool) -> str:
    """The class closing the run of short/neargood paragraphs above ``i`` (``"bad"`` at the top)."""
    return _neighbour(i, paragraphs, ignore_neargood, -1)


def get_next_neighbour(i: int, paragraphs: list[Paragraph], ignore_neargood: bool) -> str:
    """The class closing the run of short/neargood paragraphs below ``i`` (``"bad"`` at the end)."""
    return _neighbour(i, paragraphs, ignore_neargood, 1)


def _good_within(paragraphs: list[Paragraph], start: int, distance_limit: float) -> bool:
    distance = 0
    for follower in paragraphs[start:]:
        if distance > distance_limit:
            return False
        if follower.class_type == "good":
            return True
        distance += len(follower.text)
    return False


def revise_paragraph_classification(paragraphs: list[Paragraph],
                                    max_heading_distance: int = MAX_HEADING_DISTANCE_DEFAULT) -> None:
    """jusText's context-sensitive pass over ``cf_class``: short headings before good
    text, short and near-good paragraphs by their neighbours, then headings again."""
    for index, paragraph in enumerate(paragraphs):
        paragraph.class_type = paragraph.cf_class
        if paragraph.heading and paragraph.class_type == "short" \
                and _good_within(paragraphs, index + 1, max_heading_distance):
            paragraph.class_type = "neargood"
    revised = {}
    for index, paragraph in enumerate(paragraphs):
        if paragraph.class_type != "short":
            continue
        before = get_prev_neighbour(index, paragraphs, ignore_neargood=True)
        after = get_next_neighbour(index, paragraphs, ignore_neargood=True)
        if before == after:
            revised[index] = before
        elif (before == "bad" and get_prev_neighbour(index, paragraphs, ignore_neargood=False) == "neargood") or \
                (after == "bad" and get_next_neighbour(index, paragraphs, ignore_neargood=False) == "neargood"):
            revised[index] = "good"
        else:
            revised[index] = "bad"
    for index, found in revised.items():
        paragraphs[index].class_type = found
    for index, paragraph in enumerate(paragraphs):
        if paragraph.class_type == "neargood":
            before = get_prev_neighbour(index, paragraphs, ignore_neargood=True)
            after = get_next_neighbour(index, paragraphs, ignore_neargood=True)
            paragraph.class_type = "bad" if before == after == "bad" else "good"
    for index, paragraph in enumerate(paragraphs):
        if paragraph.heading and paragraph.class_type == "bad" and paragraph.cf_class != "bad" \
                and _good_within(paragraphs, index + 1, max_heading_distance):
            paragraph.class_type = "good"


# ------------------------------------------------------------------ justext() over the scoring

def _number(name: str, value: object, low: float, high: float | None = None) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"justext() {name} must be a number, not {type(value).__name__}")
    if value < low or (high is not None and value > high):
        bound = f"within [{low}, {high}]" if high is not None else f">= {low}"
        raise ValueError(f"justext() {name} must be {bound}, got {value}")
    return value


def _paths(element: Element | None, cache: dict[Element, str]) -> tuple[str, str]:
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


def _preprocessed(html_text: Any, custom: Callable[[Any], Any], encoding: str | None, default_encoding: str,
                  enc_errors: str) -> str:
    """The page after a user's lxml ``preprocessor``, serialized back to markup."""
    import lxml.html

    if not isinstance(html_text, (str, bytes, bytearray, memoryview)):
        raise TypeError(f"justext() takes the page as str or bytes, not {type(html_text).__name__}")
    dom = custom(html_to_dom(bytes(html_text) if not isinstance(html_text, str) else html_text,
                             default_encoding, encoding, enc_errors))
    markup: str = lxml.html.tostring(dom, encoding="unicode")
    return markup


_default_preprocessor = preprocessor


def justext(
    html_text: str | bytes,
    stoplist: Collection[str],
    length_low: int = LENGTH_LOW_DEFAULT,
    length_high: float = LENGTH_HIGH_DEFAULT,
    stopwords_low: float = STOPWORDS_LOW_DEFAULT,
    stopwords_high: float = STOPWORDS_HIGH_DEFAULT,
    max_link_density: float = MAX_LINK_DENSITY_DEFAULT,
    max_heading_distance: float = MAX_HEADING_DISTANCE_DEFAULT,
    no_headings: bool = NO_HEADINGS_DEFAULT,
    encoding: str | None = None,
    default_encoding: str = DEFAULT_ENCODING,
    enc_errors: str = DEFAULT_ENC_ERRORS,
    preprocessor: Callable[[Any], Any] = preprocessor,
) -> list[Paragraph]:
    """Convert an HTML page into a list of classified paragraphs, justext's call shape.

    The default ``preprocessor`` is not run: the engine skips what it removes (head,
    scripts, styles, comments, embedded objects) while walking. Any other callable gets
    jusText's lxml tree of the page (``html_to_dom``) and its result is what is scored.
    """
    if isinstance(stoplist, str) or not isinstance(stoplist, Collection):
        raise TypeError(f"justext() stoplist must be a collection of words, not {type(stoplist).__name__}")
    stopwords = frozenset(str(word).lower() for word in stoplist)
    if not callable(preprocessor):
        raise TypeError(f"justext() preprocessor must be callable, not {type(preprocessor).__name__}")
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
    if preprocessor is _default_preprocessor:
        doc = parse(_decode(html_text, encoding, default_encoding, enc_errors))
    else:
        doc = parse(_preprocessed(html_text, preprocessor, encoding, default_encoding, enc_errors))
    _, units = blocks(doc)
    cache: dict[Element, str] = {}
    paragraphs = []
    for unit in units:
        dom_path, xpath = _paths(unit.element, cache)
        is_heading = bool(unit.flags & HEADING)
        paragraph = Paragraph(SimpleNamespace(dom=dom_path, xpath=xpath))
        paragraph.append_text(unit.text)
        paragraph.chars_count_in_links = unit.link_chars
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
