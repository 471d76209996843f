"""``metadata()``: a page's title, author, dates, site, canonical URL, image and tags,
with every source weighed.

``article()`` harvests declared metadata first-wins, in the spec's fixed order. Here
each field collects candidates from every source the page offers – JSON-LD, Open
Graph and Twitter cards, ``<meta>`` names, microdata, ``<link rel>``, the visible
``<h1>``, bylines and ``<title>`` – and candidates that agree pool their weights (the
weights live in ``_metadata_sources``). So a site name in the ``<h1>`` loses to the
headline that ``og:title``, JSON-LD and ``<title>`` repeat, and a byline that three
sources name beats a publisher in an ``author`` meta. The date comes from ``dates()``
(publication date, structured signals), then from the byline next to the title; a
date the page does not state is never guessed.
"""

from __future__ import annotations

import datetime as _dt
import functools
import itertools
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextvars import ContextVar
from operator import itemgetter
from time import time as _now
from typing import TYPE_CHECKING, Any, TypeVar, cast

from turbohtml._core import Text, parse, url_parse
from turbohtml._harvest import (
    ADDRESS,
    BY_PREFIX,
    BYLINE_CLASS,
    DATE,
    H1,
    HEADLINE,
    IN_ARTICLE,
    IN_CHROME,
    IN_COMMENTS,
    IN_HEADER,
    IN_POST_ASIDE,
    ITEMPROP_AUTHOR,
    ITEMPROP_PUBLISHED,
    PUBLISHED,
    REL_AUTHOR,
    SourceWords,
    gather_sources,
    href_links,
    itemprop_name,
    longer_than,
    resolve_references,
    shown_descendants,
    shown_text,
    spot_text,
)
from turbohtml._names import (
    AsciiWords,
    first_digit,
    free_digit,
    has_ascii_word,
    has_date_hint,
    has_letter,
    has_numeric_date,
    opens_with,
    word_chars,
    words,
)
from turbohtml._names import fold as _fold
from turbohtml._score import names_boilerplate
from turbohtml._units import BLOCK_TAGS
from turbohtml.extract._date_patterns import alternation
from turbohtml.extract._metadata_sources import (
    ARTICLE_TYPES,
    AUTHOR_CARD_DEPTH,
    AUTHOR_CARD_PARTS,
    AUTHOR_METAS,
    BY_PREFIXES,
    BYLINE_ELSEWHERE_WEIGHT,
    BYLINE_IN_ARTICLE_WEIGHT,
    BYLINE_NEAR_TITLE_WEIGHT,
    BYLINE_WORDS,
    CATEGORY_METAS,
    COLLECTIVE_WORDS,
    COMMENT_WORDS,
    CREDIT_LABELS,
    CREDIT_LINES,
    CREDIT_VERBS,
    DATE_WORDS,
    DATED_TYPES,
    DESCRIPTION_METAS,
    FORUM_TITLE_LABELS,
    H1_WEIGHT,
    HEADLINE_WEIGHT,
    IMAGE_METAS,
    ITEMPROP_AUTHOR_WEIGHT,
    JSON_LD_AUTHOR_WEIGHT,
    JSON_LD_HEADLINE_WEIGHT,
    JSON_LD_NAME_WEIGHT,
    LABELLED_DATE_WEIGHT,
    LANG_METAS,
    MAX_BYLINE_CHARS,
    MAX_NAME_CHARS,
    MAX_NAME_WORDS,
    MAX_SHOWN_DATES,
    MAX_STAMP_WORDS,
    MAX_TAGS,
    MIN_AUTHOR_WEIGHT,
    MODIFIED_DATE_WEIGHT,
    MODIFIED_METAS,
    NAME_PARTICLES,
    NEAR_TITLE_AFTER,
    NEAR_TITLE_BEFORE,
    NOT_BYLINE_WORDS,
    NOT_NAMES,
    ORGANIZATION_TYPES,
    OTHER_H1_WEIGHT,
    PAGE_TYPES,
    POSTER_CARD,
    POSTER_CLASSES,
    PROFILE_PATHS,
    PUBLISHED_CLASS_WORDS,
    PUBLISHED_DATE_WEIGHT,
    PUBLISHED_LABELS,
    PUBLISHED_METAS,
    PUBLISHER_METAS,
    REL_AUTHOR_WEIGHT,
    ROLE_WORDS,
    SECTION_HEADING_WORDS,
    SITE_NAME_METAS,
    TAG_METAS,
    THING_TYPES,
    TIME_DATE_WEIGHT,
    TITLE_METAS,
    TITLE_SEPARATORS,
    TITLE_TAG_WEIGHT,
    TWITTER_CREDIT_WEIGHT,
    TYPE_METAS,
    UPDATE_LABELS,
    UPDATE_SHOWN_SHARE,
    URL_DATE_WEIGHT,
    VISIBLE_DATE_WEIGHT,
)
from turbohtml.extract.dates import parse_date
from turbohtml.extract.options import DateExtraction
from turbohtml.extract.records import Metadata
from turbohtml.extract.structured import parse_json_ld

if TYPE_CHECKING:
    from turbohtml._core import Document, Element, Node

__all__ = ["clean_names", "document_metadata", "metadata", "split_site_name"]

#: The word lists of the sources walk, with its filters built once.
_SOURCE_WORDS = SourceWords(
    [word.encode("ascii") for word in BYLINE_WORDS],
    [word.encode("ascii") for word in COMMENT_WORDS],
    [word.encode("ascii") for word in DATE_WORDS],
    [word.encode("ascii") for word in (*BY_PREFIXES, *CREDIT_LINES)],
    [word.encode("utf8") for word in PUBLISHED_LABELS],
    [word.encode("ascii") for word in NOT_BYLINE_WORDS],
)
_PUBLICATION = DateExtraction(original=True, extensive_search=False)
#: Elements naming a thread's posters (POSTER_CLASSES, PROFILE_PATHS), in document order.
_POSTERS = ", ".join((*(f"[class*={word} i]" for word in POSTER_CLASSES), f"[class~={POSTER_CARD} i]",
                      *(f'a[href*="{path}" i]' for path in PROFILE_PATHS)))
#: A profile path names someone: "/members/" alone is the member list.
_PROFILE = re.compile("|".join(re.escape(path) + ("[^/?#]" if path.endswith("/") else "")
                               for path in PROFILE_PATHS), re.IGNORECASE)
_EARLIEST = _dt.date(1995, 1, 1)
_ONE_DAY = _dt.timedelta(days=1)


# ---------------------------------------------------------------- text helpers

#: The memo of one document_metadata() call: titles, site names, bylines and their parts
#: are tokenised and checked for roles more than once, and no cache outlives its
#: document (a context variable: each thread's call has its own).
_CALL_MEMO: ContextVar[dict[tuple[str, str], Any] | None] = ContextVar("metadata_memo", default=None)
_Value = TypeVar("_Value")
_UNREAD = object()  # a memo's "not computed yet" (None and () are answers)


def _memoized(function: Callable[[str], _Value]) -> Callable[[str], _Value]:
    """``function`` of a text, remembered for the length of the document_metadata() call."""
    name = function.__name__

    @functools.wraps(function)
    def remembered(text: str) -> _Value:
        memo = _CALL_MEMO.get()
        if memo is None:
            return function(text)
        key = (name, text)
        value = memo.get(key, _UNREAD)
        if value is _UNREAD:
            value = memo[key] = function(text)
        return value  # type: ignore[no-any-return]

    return remembered


def _tokens(text: str) -> tuple[str, ...]:
    """The case-folded word tokens (``\\w+`` runs) of ``text``."""
    return words(text.casefold())


def _compact(text: str) -> str:
    """Letters and digits only, case-folded: "The Verge" and "theverge.com" meet here."""
    return word_chars(text.casefold())


def _title_key(text: str) -> tuple[str, int]:
    """A title compared by its tokens: ``(" tok tok ", token count)``."""
    tokens = _tokens(text)
    return f" {' '.join(tokens)} ", len(tokens)


def _title_tokens(key: tuple[str, int]) -> list[str]:
    return key[0].split()


def _first_token(key: tuple[str, int]) -> list[str]:
    """A title key's first token: a title held in a longer one has it among the longer's."""
    return key[0].split(maxsplit=1)[:1]


def _same(key: Any) -> Any:
    return key


def _agree(a: tuple[str, int], b: tuple[str, int]) -> bool:
    """Whether two titles name the same thing: equal tokens, or one holds the other's
    tokens in a row (``"Title | Site"`` holds ``"Title"``), the shorter at least a third
    of the longer."""
    (ta, na), (tb, nb) = a, b
    if not na or not nb:
        return False
    if ta == tb:
        return True
    (short, ns), (long_, nl) = (a, b) if na <= nb else (b, a)
    return ns * 3 >= nl and short in long_


def _content_words(text: str) -> set[str]:
    """A title's words of four letters or more (all its words when it has none): a shared
    "and" or "the" is no shared subject."""
    words = _tokens(text)
    return {word for word in words if len(word) > 3} or set(words)


def _restates(heading: str, declared: str) -> bool:
    """Whether a page's headline and a declared title (``og:title``, ``<title>``) word
    the same subject: more than half the content words of the shorter one are the other's
    ("Top 10 Health and Nutrition Trends to Watch" and "Health And Nutrition Trends For
    2026"). A CMS writes the declared one for search results; the reader sees the headline."""
    a, b = _content_words(heading), _content_words(declared)
    return bool(a and b) and len(a & b) * 2 > min(len(a), len(b))


def _section_heading(heading: str, title: str) -> bool:
    """Whether an ``<h1>`` names the site or a section rather than the page: a few words
    ("Lorem", "About This Site", "Information and Resources") sharing none but short
    ones with the ``<title>``, which then names the page better."""
    words, title_words = _tokens(heading), _tokens(title)
    if not 0 < len(words) <= SECTION_HEADING_WORDS or not title_words:
        return False
    return _content_words(heading).isdisjoint(title_words)


# ---------------------------------------------------------------- sources

#: Twitter's label/data meta pairs.
_TWITTER_PAIRS = tuple((f"twitter:label{index}", f"twitter:data{index}") for index in range(1, 5))
_TWITTER_LABELS = frozenset(label for label, _data in _TWITTER_PAIRS)
#: Every <meta> name this module reads (``_Sources.meta``, ``_Sources.metas``): the walk
#: decodes the contents of these only.
_READ_METAS = frozenset({
    *TITLE_METAS, *AUTHOR_METAS, *DESCRIPTION_METAS, *SITE_NAME_METAS, *PUBLISHER_METAS,
    *IMAGE_METAS, *TAG_METAS, *CATEGORY_METAS, *PUBLISHED_METAS, *MODIFIED_METAS, *LANG_METAS,
    *TYPE_METAS, *(name for pair in _TWITTER_PAIRS for name in pair), "og:url", "twitter:site",
})


class _Sources:
    """Everything one walk and the JSON-LD blocks tell about a page."""

    __slots__ = (
        "article",
        "base",
        "canonical",
        "doc",
        "heading_texts",
        "isos",
        "isos_in_text",
        "latest",
        "metas",
        "numeric_dates",
        "organization",
        "page",
        "page_type",
        "spot_texts",
        "spots",
        "stamps",
        "thing",
        "website",
    )

    def __init__(self, doc: Document) -> None:
        self.metas, self.canonical, self.base, self.spots, self.stamps, scripts, self.page_type = gather_sources(
            doc, _SOURCE_WORDS, NEAR_TITLE_AFTER, _READ_METAS)
        self.doc = doc
        self.spot_texts: dict[Node, str] = {}
        self.heading_texts: dict[Node, str] = {}
        self.isos: dict[str, str | None] = {}  # _iso per string: metas, JSON-LD and spots repeat dates
        # a later date is no publication date (read once a call; date.today() is this
        # fromtimestamp(), after importing the time module anew on every call)
        self.latest = _dt.date.fromtimestamp(_now()) + _ONE_DAY
        self.isos_in_text: dict[str, str | None] = {}
        self.numeric_dates: set[str] = set()  # shown dates read from digits alone (_shown_dates)
        self.article = self.page = self.thing = self.website = self.organization = None
        if scripts is None:  # more scripts than the walk keeps
            blocks = doc.json_ld()
        else:  # the walk's scripts, read as json_ld() reads them
            blocks = []
            for kind, text in scripts:
                if _is_ld_json(kind):
                    ok, value = parse_json_ld(text)
                    if ok:
                        blocks.append(value)
        for entity in json_ld_entities(blocks):
            types = _types(entity)
            if self.article is None and not types.isdisjoint(ARTICLE_TYPES):
                self.article = entity
            elif self.page is None and not types.isdisjoint(PAGE_TYPES):
                self.page = entity
            elif self.thing is None and not types.isdisjoint(THING_TYPES):
                self.thing = entity
            elif self.website is None and "website" in types:
                self.website = entity
            elif self.organization is None and not types.isdisjoint(ORGANIZATION_TYPES):
                self.organization = entity

    def meta(self, *names: str) -> str | None:
        """The first value among ``names`` (each in ``_READ_METAS``), in that order (the
        walk keeps non-empty contents only)."""
        metas = self.metas
        if metas.keys().isdisjoint(names):
            return None  # most names are absent: one test for all of them
        for name in names:
            values = metas.get(name)
            if values:
                return values[0]
        return None

    def spot_text(self, node: Node) -> str:
        """``_spot_text(node)``, read once: the author and date rules read the same spots."""
        text = self.spot_texts.get(node)
        if text is None:
            text = self.spot_texts[node] = _spot_text(node)
        return text

    def heading_text(self, node: Element) -> str:
        """``_heading_of(node)``, read once: the title rule and the title's position read it."""
        text = self.heading_texts.get(node)
        if text is None:
            text = self.heading_texts[node] = _heading_of(node)
        return text

    def iso(self, value: str | None) -> str | None:
        """``_iso(value)``, read once per string."""
        if not value:
            return None
        isos = self.isos
        if value in isos:
            return isos[value]
        date = isos[value] = _iso(value, self.latest)
        return date

    def iso_in_text(self, text: str) -> str | None:
        """``_iso_in_text(text)``, read once per folded text (nested spots and stamps share
        theirs, with other whitespace around it)."""
        text = _fold(text)
        found = self.isos_in_text
        if text in found:
            return found[text]
        date = found[text] = _iso_in_text(text, self.iso)
        return date

    def main(self) -> dict[str, Any] | None:
        """The entity the page is about: the article, else the page, else the thing."""
        return self.article or self.page or self.thing


def _is_ld_json(kind: str) -> bool:
    """Whether a script ``type``'s MIME essence is ``application/ld+json``, as ``json_ld()``
    tells (parameters after ``;`` and ASCII spaces ignored, ASCII case-insensitive)."""
    essence = kind.split(";", 1)[0].strip("\t\n\x0c\r ")
    return essence.isascii() and essence.lower() == "application/ld+json"


def json_ld_entities(blocks: list[Any]) -> Iterator[dict[str, Any]]:
    """The typed JSON-LD objects at the top of each block, its ``@graph`` and its
    ``mainEntity``; nested lists of other things (an ItemList of teasers) are not read."""
    stack: list[Any] = list(reversed(blocks))
    seen = 0
    while stack and seen < 200:
        node = stack.pop()
        if isinstance(node, list):
            stack.extend(reversed(node))
        elif isinstance(node, dict):
            seen += 1
            if "@type" in node:
                yield node
            for key in ("@graph", "mainEntity"):
                value = node.get(key)
                if isinstance(value, (dict, list)):
                    stack.append(value)


def json_ld_types(entity: dict[str, Any]) -> list[str]:
    """An entity's ``@type`` values in order, lower-cased, prefixes (``schema:``, URLs) cut."""
    value = entity.get("@type")
    values = value if isinstance(value, list) else [value]
    return [v.rsplit("/", 1)[-1].rsplit(":", 1)[-1].lower() for v in values if isinstance(v, str)]


def _types(entity: dict[str, Any]) -> set[str]:
    value = entity.get("@type")
    if isinstance(value, str) and "/" not in value and ":" not in value:
        return {value.lower()}  # one type, no prefix to cut (json_ld_types' reading of most entities)
    return set(json_ld_types(entity))


def _ld_text(value: Any) -> str | None:
    """A JSON-LD value as text: a string, an object's ``name``/``@value``, a list's first."""
    if isinstance(value, list):
        value = value[0] if value else None
    if isinstance(value, dict):
        value = value.get("name") or value.get("@value") or value.get("url") or value.get("@id")
        if isinstance(value, list):
            value = value[0] if value else None
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str):
        return None
    text = _fold(resolve_references(value))
    return text or None


def _ld_persons(value: Any) -> list[str]:
    """Person names in a JSON-LD ``author``: organisations, objects typed as nothing
    (``"@type": []`` or ``null``) and URLs left out; an untyped object is taken for a person."""
    out: list[str] = []
    for item in value if isinstance(value, list) else [value]:
        if isinstance(item, dict):
            types = _types(item)
            if not types.isdisjoint(ORGANIZATION_TYPES) or ("@type" in item and not types):
                continue
            item = item.get("name")
            if isinstance(item, list):
                item = " ".join(v for v in item if isinstance(v, str))
        if isinstance(item, str):
            out.append(resolve_references(item))
    return out


# ---------------------------------------------------------------- site name and title

#: A character of every title separator: a title holding none of them is not split.
_SEPARATOR_MARKS = frozenset(separator.strip()[0] for separator in TITLE_SEPARATORS)
#: The separators a template's empty title slot leaves at the start (" | Site").
_LEADING_MARKS = tuple(separator.lstrip() for separator in TITLE_SEPARATORS[:-1])


def split_site_name(title: str, site_keys: Iterable[str] = ()) -> tuple[str, str | None]:
    """``(title, site)``: a ``<title>`` with the site's name split off.

    ``"Title | Site"``, ``"Site - Title"``, ...: the part that matches one of
    ``site_keys`` (compacted names and hosts) goes; with no match, a short last part
    after a strong separator (``|``, ``-``, dashes, ``::``, ``»``) goes. ``site`` is the
    part removed (``None`` when nothing was)."""
    title = _fold(title)
    if _SEPARATOR_MARKS.isdisjoint(title):
        return title, None  # no separator, and no template's empty slot: nothing to split
    if title.startswith(_LEADING_MARKS):  # " | Site": the template's slot for the page's title left empty
        mark = next(mark for mark in _LEADING_MARKS if title.startswith(mark))
        return "", title[len(mark):].strip() or None
    keys = [key for key in site_keys if key]
    for separator in TITLE_SEPARATORS:
        if separator not in title:
            continue
        parts = [part.strip() for part in title.split(separator)]
        first, last = parts[0], parts[-1]
        for part, rest in ((last, separator.join(parts[:-1])), (first, separator.join(parts[1:]))):
            compact = _compact(part)
            if compact and rest and _names_key(compact, keys):
                return rest.strip(), part
    for separator in TITLE_SEPARATORS[:6]:
        if separator in title:
            head, _, tail = title.rpartition(separator)
            tail_words = len(_tokens(tail))
            if head and tail_words <= 4 and len(_tokens(head)) > tail_words:
                return head.strip(), tail.strip()
            break
    return title, None


def _names_key(compact: str, keys: list[str]) -> bool:
    """Whether a compacted title part is one of ``keys`` or, past three characters, inside
    one (a loop: ``any()`` of a generator builds a generator object per part)."""
    for key in keys:
        if compact == key or (len(compact) > 3 and compact in key):
            return True
    return False


_HOST = re.compile(r"[a-zA-Z][a-zA-Z0-9+.-]*://(?:[^@/?#]*@)?([^:/?#]+)")


def _host(url: str | None) -> str | None:
    if not url:
        return None
    match = _HOST.match(url)
    if match is None:
        return None
    host = match[1].lower()
    return host.removeprefix("www.")


def _site_name(src: _Sources) -> str | None:
    """The site's name from its sources in order, each read only when the ones before name none."""
    value = src.meta("og:site_name")
    if _names_site(value):
        return value
    for entity, key in ((src.article, "publisher"), (src.website, "name"), (src.organization, "name")):
        if entity is not None:
            value = _ld_text(entity.get(key))
            if _names_site(value):
                return value
    value = src.meta(*SITE_NAME_METAS[1:-1])
    return value if _names_site(value) else None


def _names_site(value: str | None) -> bool:
    """Whether a site-name source's value is a name (not empty, not an address)."""
    return bool(value) and not value.startswith(("http://", "https://"))  # type: ignore[union-attr]


class _Candidate:
    __slots__ = ("key", "rank", "text", "weight")

    def __init__(self, text: str, weight: float, rank: int, key: Any) -> None:
        self.text, self.weight, self.rank, self.key = text, weight, rank, key


#: Up to this many distinct values, _pick() compares every pair (the pairs its word
#: index would skip cannot agree: the result is the same).
_EVERY_PAIR = 4


def _pick(candidates: list[_Candidate], agree: Callable[[Any, Any], bool],
          probes: Callable[[Any], Iterable[str]], words: Callable[[Any], Iterable[str]],
          ) -> tuple[_Candidate | None, float]:
    """The candidate whose agreeing group weighs most (ties: the better-ranked source),
    represented by the group's best-ranked member; and the group's weight. ``agree``
    compares the candidates' keys (hashable, computed once each; equal keys agree);
    two keys can agree only when one's ``probes`` meet the other's ``words`` (a title's
    first token is among the longer one's tokens; two bylines share a name), so only
    such pairs are compared (a listing's dozens of headings are not compared pairwise)."""
    # sources repeat one value: candidates with equal keys share their group, so each
    # distinct key is compared once with each other it may agree with (agreement is symmetric)
    classes: dict[Any, list[int]] = {}
    for index, candidate in enumerate(candidates):
        classes.setdefault(candidate.key, []).append(index)
    if len(classes) == 1:  # every source names one value (most authors, many titles): one group
        face, support = candidates[0], 0.0
        for member in candidates:
            support += member.weight
            if member.rank < face.rank:
                face = member
        return face, support
    keys = list(classes)
    members = [list(classes[key]) for key in keys]
    if len(keys) > 1:  # one value, however many sources repeat it, has nothing else to agree with
        pairs: Iterable[tuple[int, int]]
        if len(keys) <= _EVERY_PAIR:  # a few values: comparing them all costs less than indexing their words
            pairs = [(i, j) for i in range(len(keys)) for j in range(i + 1, len(keys))]
        else:
            holders: dict[str, list[int]] = {}
            for i, key in enumerate(keys):
                for word in set(words(key)):
                    holders.setdefault(word, []).append(i)
            pairs = set()
            for i, key in enumerate(keys):
                for probe in probes(key):
                    for j in holders.get(probe, ()):
                        if j != i:
                            pairs.add((i, j) if i < j else (j, i))
        for i, j in pairs:
            if agree(keys[i], keys[j]):
                members[i].extend(classes[keys[j]])
                members[j].extend(classes[keys[i]])
    best, best_key = None, None
    for group in members:
        group.sort()  # in the candidates' order, as the weights are summed and ties are met
        face = candidates[group[0]]
        support = 0.0
        for j in group:
            member = candidates[j]
            support += member.weight
            if member.rank < face.rank:
                face = member
        ranked = (support, -face.rank)
        if best_key is None or ranked > best_key:
            best, best_key = face, ranked
    return best, (best_key[0] if best_key else 0.0)


# the permalink a documentation generator appends to a heading (Sphinx's "¶", "#", "§")
_PERMALINK_MARKS = "\u00b6\u00a7#\U0001f517"
_PERMALINK = re.compile(rf"\s*[{_PERMALINK_MARKS}]+$")


def _holds_word(text: str, words: Sequence[str], pattern: re.Pattern[str]) -> bool:
    """``pattern.search(text)`` for a case-insensitive alternation of lower-case ``words``:
    an ASCII text is read by substring tests on its lower case (``re``'s case-insensitive
    scan tries each position slowly); other texts go to the pattern, whose IGNORECASE
    also reads "ı", "ſ" and the Kelvin sign as ASCII letters."""
    if text.isascii():
        lowered = text.lower()
        for word in words:  # (not any() of a generator: this runs a dozen times a page)
            if word in lowered:
                return True
        return False
    return pattern.search(text) is not None


_FORUM_TITLE_WORDS = ("thread", "topic")  # a cheap test before the label's pattern
_FORUM_TITLE_WORD = re.compile("|".join(_FORUM_TITLE_WORDS), re.IGNORECASE)
_FORUM_TITLE_LABEL = re.compile(
    rf"(?:^|\s[{re.escape(''.join(sorted(_SEPARATOR_MARKS)))}]\s)"
    rf"(?:{'|'.join(map(re.escape, FORUM_TITLE_LABELS))})\s*", re.IGNORECASE)


def _heading_text(text: str | None) -> str:
    """A title candidate's text, folded, without soft hyphens, a trailing permalink mark (a
    folded text ends in no space: only one ending in a mark can hold one) or a forum engine's
    label before a thread's title (``FORUM_TITLE_LABELS``), at the start or after a
    separator ("Board • View topic - Title")."""
    folded = _fold(text)
    if "\xad" in folded:  # a soft hyphen: a line-break hint, no character (as article()'s text reads it)
        folded = folded.replace("\xad", "")
    if folded and folded[-1] in _PERMALINK_MARKS:
        folded = _PERMALINK.sub("", folded)
    if _holds_word(folded, _FORUM_TITLE_WORDS, _FORUM_TITLE_WORD):
        match = _FORUM_TITLE_LABEL.search(folded)
        if match is not None and match.end() < len(folded):
            return folded[match.end():]  # (and the board's name before it)
    return folded


def _heading_of(node: Element) -> str:
    """A heading's text as shown, its block children and line breaks apart
    ("<div>Kicker</div><div>Headline</div>" reads "Kicker Headline", not "KickerHeadline");
    inline children run together as written; a ``<style>`` or ``<noscript>`` inside it is
    not read (``shown_text``)."""
    descendants = shown_descendants(node)
    for child in descendants:
        tag = child.tag
        if tag in BLOCK_TAGS or tag == "br":
            break
    else:  # inline children only (most headings): the text as shown
        return shown_text(node)
    parts: list[str] = []
    previous: Node | None = node
    for child in descendants:
        if child.tag == "br":
            previous = None  # the next text starts a line
        elif isinstance(child, Text):
            block: Node | None = child.parent
            while block is not None and block != node and block.tag not in BLOCK_TAGS:
                block = block.parent
            if parts and block != previous:
                parts.append(" ")
            parts.append(child.text)
            previous = block
    return "".join(parts)


def _lead_h1(h1s: list[tuple[Element, int]]) -> Element | None:
    """The ``<h1>`` of the content: the first in ``<article>``/``<main>``, else the first
    outside a site header, else the first."""
    for node, kind in h1s:
        if kind & IN_ARTICLE:
            return node
    for node, kind in h1s:
        if not kind & IN_HEADER:
            return node
    return h1s[0][0] if h1s else None


def _title(src: _Sources, site_keys: list[str],
           headings: list[tuple[Element, int, int]]) -> tuple[str | None, str | None]:
    """The title, and the site name the ``<title>`` revealed (if any)."""
    candidates: list[_Candidate] = []
    # sources repeat one title (og:title, twitter:title, <title>): each text is read once
    read: dict[str | None, tuple[str, tuple[str, int], bool]] = {}
    splits: dict[str, tuple[str, str | None]] = {}

    def add(text: str | None, weight: float, rank: int) -> _Candidate | None:
        known = read.get(text)
        if known is None:
            folded = _heading_text(text)
            key = _title_key(folded) if folded and len(folded) <= 400 else ("", 0)
            known = read[text] = (folded, key, bool(key[1]) and key[0].replace(" ", "") not in site_keys)
        if not known[2]:
            return None
        candidate = _Candidate(known[0], weight, rank, known[1])
        candidates.append(candidate)
        return candidate

    def split(value: str) -> tuple[str, str | None]:
        found = splits.get(value)
        if found is None:
            found = splits[value] = split_site_name(value, site_keys)
        return found

    h1s = [(node, kind) for node, _ordinal, kind in headings if not kind & HEADLINE and not _home_link(node)]
    lead = _lead_h1(h1s)
    page_title = src.doc.title  # found by a walk from the document's root: read once
    tag_title = split(page_title) if page_title else None
    lead_h1: _Candidate | None = None  # the lead <h1>'s candidate
    for node, _kind in h1s:
        weight = H1_WEIGHT if node == lead else OTHER_H1_WEIGHT
        if weight == H1_WEIGHT and tag_title is not None and _section_heading(src.heading_text(node), tag_title[0]):
            weight = OTHER_H1_WEIGHT
        added = add(src.heading_text(node), weight, 0)
        if weight == H1_WEIGHT:
            lead_h1 = added
    for node, _ordinal, kind in headings:
        if kind & HEADLINE:
            add(node.text if node.tag != "meta" else None, HEADLINE_WEIGHT, 1)
    main = src.main()
    if main is not None:
        headline = _ld_text(main.get("headline"))
        weight = JSON_LD_HEADLINE_WEIGHT if src.article is main else JSON_LD_NAME_WEIGHT
        name = headline or _ld_text(main.get("name"))
        if name:  # a CMS may write the whole <title> into it: the site name goes as there
            add(split(name)[0], weight if headline else JSON_LD_NAME_WEIGHT, 2)
    metas = src.metas
    if not metas.keys().isdisjoint(TITLE_METAS):  # (most pages declare one or two)
        for name, weight in TITLE_METAS.items():
            values = metas.get(name)
            if values:  # (non-empty contents only: the first is meta()'s)
                add(split(values[0])[0], weight, 3)
    tag_site = None
    if tag_title is not None:
        text, tag_site = tag_title
        add(text, TITLE_TAG_WEIGHT, 4)
    if not candidates and not page_title:  # nothing names the page: its first <h2> is the best there is
        h2 = next((text for node in src.doc.select("h2") if (text := _heading_text(node.text))), None)
        add(h2, OTHER_H1_WEIGHT, 5)
    best, _support = _pick(candidates, _agree, _first_token, _title_tokens)
    if best is not None and lead_h1 is not None and best.rank and _restates(lead_h1.text, best.text):
        best = lead_h1  # the declared title is the search engines' rewording of the headline shown
    return (best.text if best else None), tag_site


#: A link to a site's home page: its root ("/", "https://example.com"), maybe its index file.
_HOME = re.compile(r"(?:(?:https?:)?//[^/?#]*)?/?(?:index\.[a-z]+)?$", re.IGNORECASE)


def _home_link(heading: Node) -> bool:
    """Whether ``heading`` is all one link to a site's home page: the site's logo, which a
    blog, a forum or a company page sets as its ``<h1>`` on every page (the page's own
    title is elsewhere)."""
    links = href_links(heading, 2)  # (heading.select("a[href]") up to two: one is wanted)
    if len(links) != 1:
        return False
    href = (links[0].attr("href") or "").strip()
    return bool(href) and _HOME.match(href) is not None and links[0].text.strip() == heading.text.strip()


# ---------------------------------------------------------------- names

_URL = re.compile(r"(?:https?://|www\.)\S+|\S+@\S+\.\w+|@\w+", re.IGNORECASE)
# a label, with a colon or run into the capitalised name ("Author Jane Doe", "Written byJane")
_LABELS = ("authors?", "autor(?:in|en)?", "auteurs?", "autore", "writers?", "byline", "verfasser(?:in)?")
_LABEL = re.compile(rf"^(?i:{'|'.join(_LABELS)})(?:\s*[:：]\s*|\s+(?=[A-Z]))")
_PREFIX = re.compile(
    rf"^(?i:(?:(?:{'|'.join(CREDIT_VERBS)})\s+)?(?:{'|'.join(BY_PREFIXES)}))(?:\b\s*[:：]?\s*|(?=[A-Z]))")
_AFTER_WORDS = ("on", "am", "le", "el", "at", "updated", "published", "posted", "last", "min", "read", "vor", "il",
                "em", "op")
_AFTER_MARKS = "|•·⋅—–/»"  # the second alternative's; the third's are among them
_AFTER = re.compile(
    rf"\s+(?:{'|'.join(_AFTER_WORDS)})\b.*$|\s*[{_AFTER_MARKS}]\s.*$|\s*[|•·⋅]\s*$", re.IGNORECASE)
_AFTER_WORD_TEST = AsciiWords(_AFTER_WORDS)
_AFTER_MARK_SET = frozenset(_AFTER_MARKS)
_TAIL_MONTHS = (
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec", "january",
    "february", "march", "april", "june", "july", "august", "september", "october", "november", "december",
    "januar", "februar", "märz", "juni", "juli", "oktober", "dezember", "janvier", "février", "mars", "avril",
    "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre")
_MONTH_TAIL = re.compile(rf"[\s,]+(?:{'|'.join(_TAIL_MONTHS)})\.?[\s,]*$", re.IGNORECASE)
_TAIL_MONTH_SET = frozenset(_TAIL_MONTHS)
_JOIN_WORDS = ("and", "und", "et", "y", "e", "en", "och")
_JOIN = re.compile(rf"\s*(?:[;&]|\b(?:{'|'.join(_JOIN_WORDS)})\b)\s*", re.IGNORECASE)
_JOIN_WORD_TEST = AsciiWords(_JOIN_WORDS)
_CREDENTIAL = re.compile(r"^(?:[A-Z]{1,5}|Ph\.?D\.?|M\.?D\.?|[A-Z]\.(?:[A-Z]\.)+|Jr\.?|Sr\.?|I{2,3}|IV)$")
_EDGE = re.compile(r"^[\W_]+|[\W_]+$")
_ABBREVIATION = re.compile(r"(?:^|\s)(?:[A-Z]|\w+\.\w+|Inc|Jr|Sr|Ltd|Corp|Co|St)$")


def _openings(patterns: Iterable[str]) -> AsciiWords:
    """The first two letters, lower-case, of ``patterns`` (each opening with two ASCII
    letters): a text opening with none of them (``opens_with``) opens with no match of them."""
    openings = {pattern[:2].lower() for pattern in patterns}
    assert all(opening.isascii() and opening.isalpha() and len(opening) == 2 for opening in openings), openings
    return AsciiWords(openings)


_LABEL_OPENINGS = _openings(_LABELS)
_PREFIX_OPENINGS = _openings((*CREDIT_VERBS, *BY_PREFIXES))


def _without_prefix(text: str) -> str:
    """``text`` without an opening "By"/"Written by" (``_PREFIX``)."""
    return _PREFIX.sub("", text) if opens_with(text, _PREFIX_OPENINGS) else text


def _may_join(text: str) -> bool:
    """Whether ``_JOIN`` may split ``text``: a ";" or "&", or a word that, in ``re``'s
    case-insensitive reading, is one of the joining words."""
    return ";" in text or "&" in text or has_ascii_word(text, _JOIN_WORD_TEST)


def _trim(part: str) -> str:
    """A name without the punctuation around it, but with the period of a closing
    abbreviation ("Jeff T.", "Ph.D.", "Inc.") and the bracket closing an open one
    ("Jean-Luc Aufranc (CNXSoft)")."""
    if part[:1].isalnum() and part[-1:].isalnum():
        return part  # word characters at both ends (\w without "_"): nothing to trim
    name = _EDGE.sub("", part)
    tail = part[part.rfind(name) + len(name):] if name else ""
    if tail.startswith(")") and name.count("(") > name.count(")"):
        name += ")"
    elif tail.startswith(".") and _ABBREVIATION.search(name):
        name += "."
    return name


def _may_end_with_month(text: str) -> bool:
    """Whether ``_MONTH_TAIL`` may match: the last word (after spaces, commas and a
    period) is a month, or holds letters whose case ``re`` folds beyond ``str.lower``.
    ``text`` is folded: its only spaces are " "."""
    last = text.rstrip(" ,").replace(",", " ").rpartition(" ")[2].lower()
    if not last.isascii():
        return True
    return last.removesuffix(".") in _TAIL_MONTH_SET


def clean_names(text: str | None) -> list[str]:
    """Person names in a byline: "By "/"Von "/"Par " and labels dropped, trailing roles,
    dates and times cut, URLs, e-mail addresses and social handles removed, several
    names split ("A, B and C"); credentials ("Jane Doe, MD") stay with their name."""
    return list(_names(text))


def _names(text: str | None) -> tuple[str, ...]:
    """clean_names() as a tuple, remembered for the call by the folded text."""
    return _names_in_folded(_fold(text))


@_memoized
def _names_in_folded(text: str) -> tuple[str, ...]:
    """clean_names() of a folded text, once per text in a call: a byline, its nested
    elements, a meta and JSON-LD often repeat one name with other whitespace."""
    if not text or len(text) > MAX_BYLINE_CHARS:
        return ()
    if "@" in text or "://" in text or ("." in text and "www." in text.lower()):  # what _URL needs to match
        text = _fold(_URL.sub(" ", text))
    if opens_with(text, _LABEL_OPENINGS):
        text = _LABEL.sub("", text)
    text = _without_prefix(text)
    digit = free_digit(text)
    if digit != -1:  # a date or time after the name; digits inside a handle ("paulb203") stay
        text = text[:digit]
    if not _AFTER_MARK_SET.isdisjoint(text) or has_ascii_word(text, _AFTER_WORD_TEST):  # what _AFTER needs
        text = _AFTER.sub("", text)
    if _may_end_with_month(text):
        text = _MONTH_TAIL.sub("", text)
    names: list[str] = []
    for chunk in _JOIN.split(text) if _may_join(text) else (text,):
        parts = [part.strip() for part in chunk.split(",")]
        if len(parts) == 2 and all(len(part.split()) == 1 for part in parts) and not _CREDENTIAL.match(parts[1]):
            parts = [chunk.strip()]  # "Hopper, Grace": one name, surname first
        current: list[str] = []
        for part in parts:
            part = _trim(_without_prefix(part))
            if not part:
                continue
            if current and _CREDENTIAL.match(part):
                current.append(part)  # "Jane Doe, MD": a credential stays with its name
                continue
            if _is_role(part) or (current and _has_role(part)):
                continue  # "Jane Doe, Senior Director of Content": the role goes
            if current:
                names.append(", ".join(current))
            current = [_drop_trailing_role(part)]
        if current:
            names.append(", ".join(current))
    out: list[str] = []
    seen: set[str] = set()
    for name in names:
        name = _fold(name)
        words = name.split()
        if not words or len(words) > MAX_NAME_WORDS or len(name) > MAX_NAME_CHARS:
            continue
        if (not has_letter(name) or _is_role(name)
                or name.casefold().rstrip(".") in NOT_NAMES or words[-1].casefold() == "by"):
            continue  # a month, a weekday, a date's label, a role alone or a label ("BOOK: By") is no name
        if sum([word[0].islower() and word not in NAME_PARTICLES for word in words]) >= 2:
            continue  # prose after a "By" ("By subscribing to this podcast"), not a name
        if out and _CREDENTIAL.match(name):
            continue  # "Claire Wilson; COO": a title split off, not a second author
        key = name.casefold()
        if key not in seen:
            seen.add(key)
            out.append(name)
    return tuple(out)


def _full_name(name: str) -> bool:
    """"Jane Doe", "Ludwig van Beethoven": two or more words, each capitalised (not a
    shouted label such as "AUTHORING", not a handle or a lower-case phrase)."""
    words = name.split()
    return len(words) >= 2 and all(
        word in NAME_PARTICLES or (word[0].isupper() and not (len(word) > 2 and word.isupper()))
        for word in words)


def _set_aside(node: Node) -> bool:
    """Whether ``node`` sits in a ``<figure>`` (a photo credit) or in a block whose class
    or id names boilerplate (a sidebar, a related box), as the main-content scoring reads it."""
    current: Node | None = node
    while current is not None and current.tag is not None:
        if current.tag == "figure" or names_boilerplate(current):
            return True
        current = current.parent
    return False


@_memoized
def _is_role(text: str) -> bool:
    tokens = _tokens(text)
    return bool(tokens) and ROLE_WORDS.issuperset(tokens)


@_memoized
def _has_role(text: str) -> bool:
    return not ROLE_WORDS.isdisjoint(_tokens(text))


def _drop_trailing_role(name: str) -> str:
    words = name.split()
    while (len(words) > 2 and words[-1].casefold().strip(".,") in ROLE_WORDS
           and words[-1].casefold() not in COLLECTIVE_WORDS):
        words.pop()
    return " ".join(words)


def _names_agree(a: frozenset[str], b: frozenset[str]) -> bool:
    return not a.isdisjoint(b)


def _spot_text(node: Node) -> str:
    """A byline or stamp element's text, its text nodes joined by spaces (textContent runs
    "Written by" and "Jane" together); ``""`` for a block too long to be one."""
    return spot_text(node, 4 * MAX_BYLINE_CHARS)


def _next_element_text(node: Node) -> str:
    """The text of the element after ``node`` (its next sibling that is an element)."""
    sibling = node.next_sibling
    while sibling is not None and isinstance(sibling, Text):
        sibling = sibling.next_sibling
    if sibling is None or not hasattr(sibling, "tag"):
        return ""
    text = sibling.text
    return text if len(text) <= MAX_BYLINE_CHARS else ""


#: The spot kinds an author is read from.
_AUTHOR_SPOTS = ITEMPROP_AUTHOR | REL_AUTHOR | BYLINE_CLASS | BY_PREFIX | ADDRESS


#: "By" opening a clause: a lower-case word and a comma not followed by a date ("By
#: default, fetch() ...", but "By mike, Jan 3"), a gerund, or a determiner ("By the 17th
#: century")
_BY_CLAUSE = re.compile(
    r"^\s*[Bb][Yy]\s+(?:[a-z]+,\s+(?![A-Z][a-z]{2,8}\.?\s+\d|\d)|[a-z]+ing\b|(?:the|a|an|this|that|these|those)\s)")


def _by_clause(text: str) -> bool:
    """Whether a text opening with "By" opens a sentence, not a credit: the word after
    it is lower-case and a comma follows it, but no date ("By default, fetch() makes a
    GET request", "By now, you know"), it is a gerund ("By clicking", "By providing my
    email") or a determiner ("By the 17th century", "By a vote of 5-4"). A user name
    ("By mike, Jan 3") is none of them."""
    return _BY_CLAUSE.match(text) is not None


#: A class or id word naming the part of an author card that is not the name, between
#: separators ("author-title", "author-box__bio") or in camel case ("authorTitleText").
_CARD_PART = re.compile(
    rf"(?i:(?:^|[-_\s])(?:{'|'.join(AUTHOR_CARD_PARTS)})(?:$|[-_\s]))"
    rf"|[a-z](?:{'|'.join(part.capitalize() for part in AUTHOR_CARD_PARTS)})(?=$|[-_\sA-Z])")


#: ``_CARD_PART``'s two branches apart, both case-sensitive: the first for a lower-cased
#: ASCII value (re's case-insensitive branch tries each position slowly), the camel case as written.
_ASCII_CARD_PART = re.compile(rf"(?:^|[-_\s])(?:{'|'.join(AUTHOR_CARD_PARTS)})(?:$|[-_\s])")
_CAMEL_CARD_PART = re.compile(rf"[a-z](?:{'|'.join(part.capitalize() for part in AUTHOR_CARD_PARTS)})(?=$|[-_\sA-Z])")


def _names_card_part(value: str) -> bool:
    """``_CARD_PART.search(value)``: a value holding none of the part words in any case
    cannot match (most bylines' classes hold none, ``_holds_word``), an ASCII one holding
    some is searched by the two case-sensitive branches."""
    if not _holds_word(value, AUTHOR_CARD_PARTS, _CARD_PART):
        return False
    if not value.isascii():
        return True  # (the pattern itself answered)
    return _ASCII_CARD_PART.search(value.lower()) is not None or _CAMEL_CARD_PART.search(value) is not None


def _byline_parts(spots: list[tuple[Element, int, int]]) -> tuple[set[Node], set[Node]]:
    """An author card's parts: byline-classed elements whose class names a part that is
    no name (``author-title``, ``byline-role``, ``author-box__bio``: "Founder & Lead
    Reviewer"), and the byline-classed cards holding such a part, read through their
    name element: a card's text runs name and role together ("Liz Kenny Former
    McKinsey Consultant"). A byline holding only names (two authors' links) is read whole."""
    marked: list[Node] = [node for node, _ordinal, kind in spots if kind & BYLINE_CLASS]
    if len(marked) < 2:
        return set(), set()
    parts: set[Node] = {node for node in marked
                        if _names_card_part(f"{node.attr('class') or ''} {node.attr('id') or ''}")}
    if not parts:
        return parts, set()
    holders = {holder for node in parts for holder in itertools.islice(_ancestors(node), AUTHOR_CARD_DEPTH)}
    return parts, holders.intersection(marked) - parts


def _credit_line(node: Node, text: str) -> bool:
    """Whether an element holding a "By" text reads as a credit line: its text opens with
    it (a "by" within a sentence, "insights by assessing", "Made with love by", a
    book's "Title by Author", credits no page), and it is no link or button (a menu's
    "By Category", "By Use Case", "By Gender & Age": ways to browse)."""
    if node.tag in ("a", "button") or (node.parent is not None and node.parent.tag == "button"):
        return False
    text = text.lstrip()
    return opens_with(text, _PREFIX_OPENINGS) and _PREFIX.match(text) is not None


def _author(src: _Sources, publishers: set[str], spots: list[tuple[Element, int, int]],
            title_ordinal: int | None) -> str | None:
    candidates: list[_Candidate] = []

    def add(names: Sequence[str], weight: float, rank: int, declared: bool = False) -> None:
        # a byline or meta echoing the site's name is the publisher; JSON-LD states
        # authorship itself (organisations are left out there by their type)
        if not names:
            return
        kept = names if declared else [name for name in names if _compact(name) not in publishers]
        if kept:
            candidates.append(_Candidate("; ".join(kept), weight, rank, frozenset([name.casefold() for name in kept])))

    if src.article is not None:
        add([name for raw in _ld_persons(src.article.get("author")) for name in _names(raw)],
            JSON_LD_AUTHOR_WEIGHT, 3, declared=True)
    metas = src.metas
    if not metas.keys().isdisjoint(AUTHOR_METAS):
        for key, weight in AUTHOR_METAS.items():
            if key not in metas:
                continue
            values = [v for v in metas[key] if not v.startswith(("http://", "https://", "/"))]
            if values:
                add([name for value in values for name in _names(value)], weight, 4)
    if not metas.keys().isdisjoint(_TWITTER_LABELS):
        for label_name, data_name in _TWITTER_PAIRS:  # SEO plugins write "Written by" there
            label = src.meta(label_name)
            if label and _fold(label).casefold().rstrip(":") in CREDIT_LABELS:
                add(_names(src.meta(data_name)), TWITTER_CREDIT_WEIGHT, 4)
    before, after = -NEAR_TITLE_BEFORE, NEAR_TITLE_AFTER
    parts, wrappers = _byline_parts(spots)
    for node, ordinal, kind in spots:
        if not kind & _AUTHOR_SPOTS or node in parts or node in wrappers:
            continue  # a heading or a date: no byline; an author card's role line, or the card
        if kind & IN_COMMENTS or (kind & IN_CHROME and not kind & (REL_AUTHOR | ITEMPROP_AUTHOR)):
            continue  # commenters; a sidebar's or footer's bylines (marked authors may sit in chrome)
        near = title_ordinal is not None and before <= ordinal - title_ordinal <= after
        if kind & ITEMPROP_AUTHOR:
            named = itemprop_name(node)
            if named is not None:
                text = named.attr("content") or named.text
            else:
                text = node.attr("content") or src.spot_text(node)
            add(_names(text), ITEMPROP_AUTHOR_WEIGHT, 1)
        elif kind & REL_AUTHOR:
            add(_names(src.spot_text(node)), REL_AUTHOR_WEIGHT, 1)
        elif kind & (BYLINE_CLASS | BY_PREFIX | ADDRESS):
            if kind & ADDRESS and not kind & (BYLINE_CLASS | BY_PREFIX) and not near:
                continue
            weight = (BYLINE_NEAR_TITLE_WEIGHT if near else BYLINE_IN_ARTICLE_WEIGHT if kind & IN_ARTICLE
                      else BYLINE_ELSEWHERE_WEIGHT)
            text = src.spot_text(node)
            if kind & BY_PREFIX and not kind & BYLINE_CLASS and (_by_clause(text) or not _credit_line(node, text)):
                continue  # "By default, ...", "By clicking ...": a sentence; "By Category": a menu
            if kind & BY_PREFIX and _fold(text).casefold().rstrip(":") in CREDIT_LABELS:
                text = _next_element_text(node)  # "<p>Written by</p><p>Jane Doe</p>"
            names = _names(text)
            if title_ordinal is None and names and all(map(_full_name, names)) and not _set_aside(node):
                # no headline to measure nearness from: a name's own shape vouches for it
                weight = max(weight, BYLINE_IN_ARTICLE_WEIGHT)
            add(names, weight, 0 if near else 2)
    best, support = _pick(candidates, _names_agree, _same, _same)
    if best is None or support < MIN_AUTHOR_WEIGHT:
        return _opening_poster(src, spots, publishers) if src.page_type == "forum" else None
    return best.text


def _opening_poster(src: _Sources, spots: list[tuple[Element, int, int]], publishers: set[str]) -> str | None:
    """A thread's author: the name on its first post's author line (the first author-marked
    element outside page chrome, in a post or not), as its date is the first post's. Only
    a line holding one name of at most two words counts: a poster's card ("R ratóncolorao
    Member Joined": avatar letter, name, rank, labels) is not a name. Without such a line,
    the first poster forum software names (``_first_poster``): a thread's opening post
    often carries no card (its starter is named above it) and the first card is a reply's."""
    for node, _ordinal, kind in spots:
        if kind & (ITEMPROP_AUTHOR | REL_AUTHOR | BYLINE_CLASS) and not kind & IN_CHROME:
            names = _names(src.spot_text(node))
            if names:
                name = _poster_name(names, publishers)
                if name is not None:
                    return name
                break  # a poster's card, maybe a reply's: the page's first marked poster
    return _first_poster(src.doc, publishers)


def _poster_name(names: Sequence[str], publishers: set[str]) -> str | None:
    """The one name of at most two words a poster's line holds, else ``None``."""
    if len(names) == 1 and len(names[0].split()) <= 2 and _compact(names[0]) not in publishers:
        return names[0]
    return None


def _first_poster(doc: Node, publishers: set[str]) -> str | None:
    """The opening poster of a thread no line credits: the first name forum software marks
    as a poster's (``_POSTERS``) outside page chrome. A poster's card that is no name
    itself (SMF's: name, rank, post count) is searched inside, never past: the next
    name outside it is a reply's."""
    card: Node | None = None
    for element in doc.select(_POSTERS):
        if element.tag == "a" and not _PROFILE.search(element.attr("href") or "") \
                and not _poster_classed(element):
            continue  # "/members/": the member list
        if _in_chrome(element):
            continue
        text = element.text
        if len(text.strip()) <= 1:
            continue  # an avatar: a picture or a letter
        if card is not None and not _inside(element, card):
            return None
        names = _names(text)
        name = _poster_name(names, publishers) if names else None
        if name is not None:
            return name
        card = card or element
    return None


def _poster_classed(element: Node) -> bool:
    classes = (element.attr("class") or "").lower()
    return any(word in classes for word in POSTER_CLASSES) or POSTER_CARD in classes.split()


def _in_chrome(node: Node) -> bool:
    """Whether ``node`` sits in a <nav>, <aside> or <footer>, as the sources walk's chrome."""
    return any(ancestor.tag in ("nav", "aside", "footer") for ancestor in _ancestors(node))


def _inside(node: Node, ancestor: Node) -> bool:
    return any(above == ancestor for above in _ancestors(node))


def _ancestors(node: Node) -> Iterator[Node]:
    """``node``'s ancestor elements, nearest first (the document itself left out)."""
    current = node.parent
    while current is not None and current.tag is not None:
        yield current
        current = current.parent


# ---------------------------------------------------------------- dates

def _iso(value: str | None, latest: _dt.date | None = None) -> str | None:
    """The ISO day ``value`` states, between 1995 and ``latest`` (tomorrow when not given)."""
    if not value:
        return None
    day = _iso_day(value)
    if day is None:
        found = parse_date(value)
        if found is None:
            return None
        day = found.date()
    return day.isoformat() if _EARLIEST <= day <= (latest or _dt.date.today() + _ONE_DAY) else None


def _iso_day(value: str) -> _dt.date | None:
    """The valid day of a value opening with ``YYYY-MM-DD`` and no further digit (a
    declaration's "2025-12-19T15:18:00Z"), read without parse_date(): whether its
    ISO reading takes the whole value or, failing that, its Y-M-D pattern the start,
    parse_date() gives that day. ``None`` for any other value."""
    if len(value) < 10 or value[4] != "-" or value[7] != "-" or value[10:11].isdigit():
        return None
    try:
        return _dt.date.fromisoformat(value[:10])
    except ValueError:
        return None


def _date(src: _Sources, shown: list[tuple[str, bool]], modified: str | None, bylined: bool,
          url_date: str | None = None, labelled: str | None = None) -> str | None:
    """The publication date. The dates shown next to the title and the dates the page
    declares vote; the winner must be shown or a declared publication date. A declared
    modification date only supports a shown one, a date shown under an "Updated" label
    weighs less than a declared publication date, and a declared date on a page that is
    not dated content (no article type, no ``article:published_time``, no date shown)
    is a CMS stamp, not a publication date. Several dates next to the title are a
    listing's teasers and do not vote. A date under a publication label anywhere
    (``labelled``) votes as a shown date, the address's date (``url_date``) supports a
    declared date it repeats. The first ``<time>`` of the page (``dates()``'s time
    signal) stands alone only on a page with a byline, on a forum thread or when the
    address repeats it."""
    votes: dict[str, float] = {}

    def vote(date: str | None, weight: float) -> None:
        if date:
            votes[date] = votes.get(date, 0.0) + weight

    # the first of each name: later ones date a thread's replies or a listing's items
    metas = src.metas
    raws: list[str | None] = ([] if metas.keys().isdisjoint(PUBLISHED_METAS)
                              else [metas[name][0] for name in PUBLISHED_METAS if name in metas])
    if src.article is not None:
        raws.append(_ld_text(src.article.get("datePublished")))
    moments: dict[str, list[str]] = {}  # a declared day -> the values declaring it (_same_day reads their zones)
    for raw in raws:
        day = src.iso(raw)
        if raw is not None and day is not None:
            moments.setdefault(day, []).append(raw)
    stated: set[str | None] = set(moments)
    if not stated:  # microdata on the page's elements, when nothing in the head declares one
        stated.add(_microdata_published(src))
        stated.discard(None)
    # dates() reads the same declarations and more (a date in the URL, further names):
    # asked when the page states no publication date itself
    found = src.doc.dates(_PUBLICATION) if not stated else None
    declared = None
    if found is not None:
        if found.signal == "time":
            vote(found.date, TIME_DATE_WEIGHT)
        elif found.date == modified and found.date not in stated:
            pass  # dates() fell back to the modification date: not a publication date
        else:
            declared = found.date
            vote(declared, PUBLISHED_DATE_WEIGHT)
    relabelled = {date for date, update in shown if update} - {date for date, update in shown if not update}
    if relabelled and (len(relabelled) < len(shown) or stated - relabelled):
        # a declared "publication" the page shows as its update, beside a date it shows
        # unlabelled or another declared publication: the CMS wrote the edit's time there
        stated -= relabelled
    for date in sorted(cast("set[str]", stated)):  # None discarded above
        if date != declared:  # the same claim twice (a meta and JSON-LD) is one vote
            vote(date, PUBLISHED_DATE_WEIGHT)
            declared = declared or date
    claims = {date for date in (*stated, declared) if date}
    if url_date in claims:
        vote(url_date, URL_DATE_WEIGHT)  # the address dates the declaration: a publication, not an edit
    if modified != declared and modified not in stated:
        vote(modified, MODIFIED_DATE_WEIGHT)  # a publication date equal to it is one claim, not two
    if len([date for date, update in shown if not update]) > MAX_SHOWN_DATES:
        # a listing's teasers or a thread's posts: only a declared date they repeat stands
        shown = [(date, update) for date, update in shown if date == declared or date in stated]
    # a declared time stamp is UTC or the server's zone, the shown day the reader's: a
    # shown publication day one off a declared one ("2025-12-02T23:00Z", shown "Dec 3")
    # is that declaration, not a second date
    # (unless the page's address dates the shown day: then the shown day is the local one)
    shown = [(_same_day(date, claims, date in src.numeric_dates, moments) if not update and date != url_date
              else date, update) for date, update in shown]
    shown_dates = [date for date, _update in shown]
    for index, (date, update) in enumerate(shown):
        vote(date, VISIBLE_DATE_WEIGHT * (UPDATE_SHOWN_SHARE if update else 1.0) / (index + 1))
    if labelled is not None:  # "Published: ...", next to the title or not, shows the date itself
        shown_dates.append(labelled)
        vote(labelled, LABELLED_DATE_WEIGHT)
    elif not shown_dates:  # nothing shown next to the title: the credit line at the foot
        credited = _credited_date(src)
        if credited is not None:
            credited = _same_day(credited, claims, credited in src.numeric_dates, moments)
            shown_dates.append(credited)
            vote(credited, VISIBLE_DATE_WEIGHT)
    if not votes:
        return None
    dated = (src.article is not None or (src.meta(*TYPE_METAS) or "").lower() in DATED_TYPES
             or bool(stated) or (found is not None and found.signal == "url"))
    best = max(votes, key=lambda date: (votes[date], date == declared))
    if best in shown_dates or ((best == declared or best in stated) and (dated or shown_dates)):
        return best
    if (found is not None and found.signal == "time" and len(votes) == 1
            and (bylined or src.page_type == "forum" or best == url_date)):
        # the page's first <time>, nothing contradicting it, on a page with a byline, on a
        # thread (its opening post's time) or repeating the date in the page's address
        return best
    return None


_URL_DATE = re.compile(r"/((?:19|20)\d\d)/(\d\d?)/(\d\d?)(?:/|$)")


def _url_date(url: str | None) -> str | None:
    """The ``/YYYY/MM/DD/`` date in a page's address, as ISO (``None`` without one)."""
    if not url or ("/19" not in url and "/20" not in url):
        return None  # (what the pattern opens with: most addresses hold neither)
    match = _URL_DATE.search(url)
    if match is None:
        return None
    try:
        return _dt.date(*map(int, match.groups())).isoformat()
    except ValueError:
        return None


def _same_day(date: str, claims: set[str], numeric: bool = False,
              moments: dict[str, list[str]] | None = None) -> str:
    """``date``, or the claimed date whose moment falls on it in some time zone (one day
    off, or, for a claim with a zone, a day its moment falls on between UTC-12 and
    UTC+14), or, for a date ``numeric`` digits showed, the claimed date they read the
    other way ("09.10.2024": 9 October, or September 10 on a US page)."""
    if date in claims:
        return date
    day = _dt.date.fromisoformat(date)
    readings = [day]
    if numeric and day.day <= 12 and day.day != day.month:
        readings.append(day.replace(month=day.day, day=day.month))
    for claim in claims:
        local = {local_day for raw in (moments or {}).get(claim, ()) for local_day in _local_days(raw, claim)}
        if local and day in local:
            return claim
        if not local and abs((_dt.date.fromisoformat(claim) - day).days) <= 1:
            return claim
        for reading in readings[1:]:
            if _dt.date.fromisoformat(claim) == reading or reading in (local or ()):
                return claim
    return date


def _local_days(raw: str | None, day: str) -> set[_dt.date]:
    """The days a declared moment with a time zone falls on somewhere (UTC-12 to UTC+14:
    "2025-12-19T22:02Z" is the 19th or the 20th, never the 18th); empty for a value
    without a zone (a server's local time, or a day alone: one day off either way)."""
    text = (raw or "").strip()
    if len(text) <= 10:
        return set()
    try:
        moment = _dt.datetime.fromisoformat(text)
    except ValueError:
        return set()
    if moment.tzinfo is None or moment.date().isoformat() != day:
        return set()
    utc = moment.astimezone(_dt.UTC).replace(tzinfo=None)
    first, last = (utc - _ZONE_BEHIND).date(), (utc + _ZONE_AHEAD).date()
    return {first + _dt.timedelta(days=offset) for offset in range((last - first).days + 1)}


_ZONE_BEHIND = _dt.timedelta(hours=12)
_ZONE_AHEAD = _dt.timedelta(hours=14)


# factored by prefixes (updated, update: "update(?:d)?"): searched in every date's label
_UPDATE_LABEL = re.compile(alternation(word.lower() for word in UPDATE_LABELS), re.IGNORECASE)
_PUBLISHED_CLASS = re.compile("|".join(re.escape(word) for word in PUBLISHED_CLASS_WORDS), re.IGNORECASE)


def _labelled_update(label: str, klass: str = "") -> bool:
    """Whether a shown date is an update: the words before its first digit say so
    ("Last updated: Dec 4, 2025", but not "Published March 3 | Updated May 5"), or the
    element's class does (hAtom's ``updated``) without also naming the publication
    (WordPress themes write ``class="published updated"`` on a post never edited)."""
    label = _fold(label)
    digit = first_digit(label)
    head = label[:digit] if digit != -1 else label
    if _names_update(head[-40:]):
        return True
    return bool(klass) and _names_update(klass) and not _PUBLISHED_CLASS.search(klass)


#: The update labels an ASCII text may hold (the others have a letter outside ASCII).
_ASCII_UPDATE_LABELS = tuple(word.lower() for word in UPDATE_LABELS if word.isascii())


def _names_update(text: str) -> bool:
    """``_UPDATE_LABEL.search(text)`` (most labels and classes hold no label word)."""
    return _holds_word(text, _ASCII_UPDATE_LABELS, _UPDATE_LABEL)


def _microdata_published(src: _Sources) -> str | None:
    """The first ``itemprop="datePublished"`` element's date outside chrome and comments
    (``<abbr itemprop="datePublished" title="2025-12-19T15:18">``; a ``<meta>`` is a meta)."""
    for node, _ordinal, kind in src.spots:
        if kind & ITEMPROP_PUBLISHED and _readable(kind):
            return src.iso(node.attr("datetime") or node.attr("content") or node.attr("title")) or src.iso_in_text(
                src.spot_text(node))
    return None


def _credited_date(src: _Sources) -> str | None:
    """The date of the article's credit line, however far from the title: a byline in
    the article whose element, or whose parent, also states a date ("Interview by Jane
    Doe, December 3, 2025" or ``<p>Written by Jane Doe</p><p>April 8, 2024</p>`` at the
    foot of a post); ``None`` when there is none or the credits state more dates than one
    page has (a listing's teasers)."""
    found: list[str] = []
    for node, _ordinal, kind in src.spots:
        if not kind & (BY_PREFIX | BYLINE_CLASS) or not kind & IN_ARTICLE or kind & (IN_CHROME | IN_COMMENTS):
            continue
        text = src.spot_text(node)
        if not _names(text):
            continue  # "BOOK: By Dec 31, 2025": no name credited
        date, label = _spot_date(src, node, text)
        if date is not None and not _labelled_update(label) and date not in found:
            found.append(date)  # "last modified on Jul 15, 2025 by MDN contributors" dates an edit
    return _one_page_date(found)


def _labelled_publication(src: _Sources) -> str | None:
    """The date a publication label states anywhere on the page outside chrome and
    comments ("Published: May 2, 2025", ``<h4>Published</h4><p>May 2, 2025</p>``: the
    label's element, else its parent); ``None`` when there is none or the labels state
    more dates than one page has (a listing's teasers)."""
    found: list[str] = []
    for node, _ordinal, kind in src.spots:
        if kind & PUBLISHED and _readable(kind):
            date, _label = _spot_date(src, node, src.spot_text(node))
            if date is not None and date not in found:
                found.append(date)
    return _one_page_date(found)


def _spot_date(src: _Sources, node: Node, text: str) -> tuple[str | None, str]:
    """The date a spot's ``text`` states, else the date its parent's text states (the
    label and the date in sibling elements), with the text it was read in."""
    date = src.iso_in_text(text)
    parent = node.parent
    if date is None and parent is not None:
        text = src.spot_text(parent)
        date = src.iso_in_text(text)
    return date, text


def _one_page_date(found: list[str]) -> str | None:
    """The first of the dates found, unless there are more than one page shows (a listing's)."""
    return found[0] if 0 < len(found) <= MAX_SHOWN_DATES else None


def _readable(kind: int) -> bool:
    """Whether a spot may show the page's date: outside comments and page chrome, or
    in a post's meta column (an ``<aside>`` within the article, beside its title)."""
    return not kind & IN_COMMENTS and (not kind & IN_CHROME or bool(kind & IN_POST_ASIDE))


def _shown_dates(src: _Sources, title_ordinal: int | None) -> list[tuple[str, bool]]:
    """The dates in date stamps and bylines next to the title, nearest first, each with
    whether a label calls it an update ("Last updated: ..."). Nested elements stating
    the same date (``<span class="meta-date"><span class="updated">``) pool their labels."""
    if title_ordinal is None:
        return []
    near: dict[str, tuple[int, bool]] = {}  # date -> (distance, update)
    pending: list[tuple[int, Any, int, bool]] = []  # (distance, node, kind, is a stamp)
    node: Node
    before, after = -NEAR_TITLE_BEFORE, NEAR_TITLE_AFTER
    for node, ordinal, kind in src.spots:
        offset = ordinal - title_ordinal
        if kind & (DATE | BYLINE_CLASS | BY_PREFIX | PUBLISHED) and before <= offset <= after and _readable(kind):
            pending.append((abs(offset), node, kind, False))
    for node, ordinal in src.stamps:
        offset = ordinal - title_ordinal
        if before <= offset <= after:
            pending.append((abs(offset), node, 0, True))
    pending.sort(key=itemgetter(0))  # by distance alone, the walk's order kept among equals
    for distance, node, kind, stamp in pending:
        if len(near) > MAX_SHOWN_DATES:
            break  # enough to tell a page from a listing
        if stamp:
            text = node.text
            # a sentence mentioning a date ("The tax season ends April 15, 2025.") is prose;
            # an address shown as a link's text (".../blog/2021/04/...") dates what it links to
            words = text.split()
            date = (src.iso_in_text(text) if len(words) <= MAX_STAMP_WORDS
                    and not (words and words[0].startswith(_LINK_STARTS)) else None)
        else:
            text = src.spot_text(node)
            date = src.iso(node.attr("datetime") or node.attr("content")) if kind & DATE else None
            date = date or src.iso_in_text(text)
        if not date:
            continue
        if has_numeric_date(text):
            src.numeric_dates.add(date)
        known = near.get(date)
        if known is not None and known[1]:
            continue  # labelled an update already: no other label takes that back
        # the label: a stamp's words before it in its parent ("Updated <span>May 5</span>")
        klass = ""
        if stamp:  # its element's text, or the next one up when that holds the date only
            label, parent = text, node.parent
            for _ in range(2):
                if parent is None or longer_than(parent, MAX_BYLINE_CHARS):
                    break  # (a block's text is not built to be measured)
                parent_text = parent.text
                if len(parent_text) > MAX_BYLINE_CHARS:
                    break
                label = parent_text
                if _fold(label) != _fold(text):
                    break
                parent = parent.parent
        else:
            label, klass = text, node.attr("class") or ""
        near[date] = (distance if known is None else known[0], _labelled_update(label, klass))
    return [(date, update) for date, (_, update) in sorted(near.items(), key=lambda item: item[1][0])]


_LINK_STARTS = ("http://", "https://", "www.")


def _iso_in_text(text: str, iso: Callable[[str | None], str | None] = _iso) -> str | None:
    """A date in a short stamp or byline ("By Jane Doe | March 3, 2024"), read with ``iso``."""
    text = _fold(text)
    if not text or len(text) > MAX_BYLINE_CHARS or not has_date_hint(text):
        return None  # no year and no numeric date: not worth parsing
    digit = first_digit(text)  # a hint holds one
    date = iso(text)
    if date is None and digit > 12:  # again from just before the first digit
        date = iso(text[digit - 12:])
    return date


def _date_modified(src: _Sources) -> str | None:
    main = src.main()
    if main is not None:
        date = src.iso(_ld_text(main.get("dateModified")))
        if date:
            return date
    return src.iso(src.meta(*MODIFIED_METAS))


# ---------------------------------------------------------------- URLs, tags, language

def _resolver(base_url: str | None, base_href: str | None) -> Callable[[str | None], str | None]:
    base = None
    for candidate in (base_href, base_url):
        if not candidate:
            continue
        try:
            base = url_parse(candidate, base_url)[0] if base_url else url_parse(candidate)[0]
            break
        except ValueError:
            continue

    def resolve(value: str | None) -> str | None:
        value = (value or "").strip()
        if not value:
            return None
        try:
            return url_parse(value, base)[0] if base else url_parse(value)[0]
        except ValueError:
            return None

    return resolve


def _listed(values: Iterable[Any]) -> tuple[str, ...]:
    out: list[str] = []
    seen: set[str] = set()
    for value in values:
        items = value if isinstance(value, list) else [value]
        for item in items:
            text = _ld_text(item)
            if not text:
                continue
            for part in text.split(",") if "," in text else (text,):
                part = _fold(part)
                if part:
                    key = part.casefold()
                    if key not in seen:
                        seen.add(key)
                        out.append(part)
                        if len(out) == MAX_TAGS:
                            return tuple(out)  # full: nothing later is kept
    return tuple(out)


def _lang(src: _Sources) -> str | None:
    root = src.doc.root
    lang = _fold(root.attr("lang") or root.attr("xml:lang") or "") if root is not None else ""
    if not lang:
        lang = _fold(src.meta(*LANG_METAS) or "")
        main = src.main()
        if not lang and main is not None:
            lang = _ld_text(main.get("inLanguage")) or ""
        lang = lang.split(",")[0].strip().replace("_", "-")
    return lang or None


# ---------------------------------------------------------------- entry points

def document_metadata(doc: Document, url: str | None = None, /) -> Metadata:
    """``Document.metadata()``: the metadata of an already parsed page (see ``metadata()``)."""
    if url is not None and not isinstance(url, str):
        raise TypeError(f"url must be str or None, not {type(url).__name__}")
    token = _CALL_MEMO.set({})
    try:
        return _weighed(doc, url)
    finally:
        _CALL_MEMO.reset(token)


def _weighed(doc: Document, url: str | None) -> Metadata:
    """document_metadata()'s work, under its call's memo."""
    src = _Sources(doc)
    resolve = _resolver(url, src.base)
    canonical = resolve(src.canonical) or resolve(src.meta("og:url"))
    if canonical is not None and not canonical.startswith(("http://", "https://")):
        canonical = None
    page_url = url or canonical

    site_name = _site_name(src)
    site_keys = [_compact(site_name or "")]
    canonical_host = _host(canonical)  # (the page's address is its canonical one when no url is given)
    for value in (src.meta("twitter:site"), _host(page_url) if page_url != canonical else canonical_host,
                  canonical_host):
        if value:
            site_keys.append(_compact(value.lstrip("@")))
            site_keys.append(_compact(value.rsplit(".", 1)[0]))
    headings = [(node, ordinal, kind) for node, ordinal, kind in src.spots
                if kind & (H1 | HEADLINE) and not kind & (IN_CHROME | IN_COMMENTS)]
    title, tag_site = _title(src, site_keys, headings)
    if site_name is None and tag_site and any(
            _compact(tag_site) and _compact(tag_site) in key for key in site_keys[1:]):
        site_name = tag_site

    declared = [src.metas[name][0] for name in PUBLISHER_METAS if name in src.metas]
    publishers = {_compact(v) for v in (site_name, _ld_text((src.article or {}).get("publisher")), *declared) if v}
    publishers.discard("")
    title_ordinal = None
    for node, ordinal, _kind in headings:
        if _heading_text(src.heading_text(node)) == title:
            title_ordinal = ordinal
            break
    else:
        if headings:
            title_ordinal = headings[0][1]
    author = _author(src, publishers, src.spots, title_ordinal)
    date_modified = _date_modified(src)

    main = src.main()
    article = src.article or {}
    image = resolve(src.meta(*IMAGE_METAS)) or resolve(_ld_text((main or {}).get("image")))
    description = src.meta(*DESCRIPTION_METAS) or _ld_text((main or {}).get("description"))
    metas = src.metas
    tags = _listed([*[v for name in TAG_METAS[:-2] for v in metas.get(name, ())], article.get("keywords")])
    if not tags:
        tags = _listed([v for name in TAG_METAS[-2:] for v in metas.get(name, ())])
    categories = _listed([*[v for name in CATEGORY_METAS for v in metas.get(name, ())],
                          article.get("articleSection")])
    return Metadata(
        title=title,
        author=author,
        date=_date(src, _shown_dates(src, title_ordinal), date_modified, author is not None,
                   _url_date(page_url) or (_url_date(canonical) if canonical != page_url else None),
                   _labelled_publication(src)),
        date_modified=date_modified,
        description=_fold(description) or None,
        site_name=_fold(site_name) or None,
        canonical=canonical,
        image=image,
        tags=tags,
        categories=categories,
        lang=_lang(src),
        page_type=src.page_type,
        url=page_url,
    )


def metadata(html: str, url: str | None = None, /) -> Metadata:
    """A page's metadata with every source weighed: title, author, publication and
    modification dates, description, site name, canonical URL, image, tags, categories,
    language and URL.

    Each field weighs the candidates JSON-LD, Open Graph, Twitter cards, ``<meta>``
    names, microdata, ``<link rel>``, the visible ``<h1>`` and byline and ``<title>``
    offer; candidates that agree pool their weights. ``url`` (the page's address)
    resolves the canonical URL and image. Fields the page does not carry are ``None``
    (or empty). Raises ``TypeError`` when ``html`` is not a ``str`` or ``url`` neither
    a ``str`` nor ``None``.
    """
    if not isinstance(html, str):
        raise TypeError(f"metadata() takes the page markup as str, not {type(html).__name__}")
    if url is not None and not isinstance(url, str):
        raise TypeError(f"url must be str or None, not {type(url).__name__}")
    return document_metadata(parse(html), url)
