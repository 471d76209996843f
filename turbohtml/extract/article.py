"""Node.article(): the content body as a reader wants it, plus the page's declared metadata."""

from __future__ import annotations

from turbohtml._core import Node
from turbohtml._score import CARD_PAGE, PRODUCT_PAGE, THREAD_PAGE, WHOLE_PAGE, scored_article
from turbohtml._text import layout
from turbohtml._tunables import MAX_LINK_DENSITY
from turbohtml._units import (
    ARTICLE_HEADER,
    BOILERPLATE_REGION,
    CAPTION,
    HEADING,
    LINKED_PROSE,
    ParagraphUnit,
    paragraph_units,
)
from turbohtml.extract.records import Article

#: Caption and gallery texts this long read as prose; when the body holds at least
#: GALLERY_SLIDES distinct ones, together at least GALLERY_SHARE of its other text, the
#: slides are the story (a gallery article), not photos beside a story.
MIN_SLIDE_TEXT = 80
GALLERY_SLIDES = 3
GALLERY_SHARE = 1 / 3

#: In an <article>'s own <header>, a unit this short is its title, byline or date (the
#: record's other fields); a longer one is the standfirst.
MIN_STANDFIRST = MIN_SLIDE_TEXT


#: On a listing, a link list this long is an item's title; a shorter one is a filter, a
#: page number or a "See more".
MIN_ITEM_TITLE = 20

#: On a thread, a shorter unit is a post's furniture (author, rank, date, "Quote",
#: "Click to expand"), not its words.
MIN_POST_TEXT = 20

#: On a thread, a unit this long met a second time is a reply quoting an earlier post;
#: on a listing, a product or a landing page, a block shown twice (a copy for another
#: screen size, a tab's accordion twin, a carousel's clone).
MIN_QUOTE = 40

#: The kinds read whole (with WHOLE_PAGE) whose repeated blocks are copies. Documentation
#: repeats itself by design (a parameter's description under every call that takes it).
COPIES_REPEAT = THREAD_PAGE | CARD_PAGE | PRODUCT_PAGE


def _is_link_list(flags: int, chars: int, link_chars: int) -> bool:
    if not chars or link_chars / chars <= MAX_LINK_DENSITY:  # else a link list (related, tags)
        return False
    # "Read <a>the full report</a>." is a sentence: text around each link (_units.pyx)
    return not flags & LINKED_PROSE


def _gallery_slides(units: list[ParagraphUnit]) -> set[str]:
    """The caption texts that carry the story when the slides are a gallery article's
    (GALLERY_SLIDES distinct ones, together GALLERY_SHARE of the other text), else none."""
    # a carousel repeats its slides (clones for the loop): distinct texts count, once each
    slides = {text for text, flags, chars, _ in units if flags & CAPTION and chars >= MIN_SLIDE_TEXT}
    if len(slides) < GALLERY_SLIDES:
        return set()
    other = sum(chars for _, flags, chars, _ in units if not flags & (CAPTION | BOILERPLATE_REGION))
    return slides if sum(map(len, slides)) >= GALLERY_SHARE * other else set()


def _after_masthead(units: list[ParagraphUnit]) -> list[ParagraphUnit]:
    """A page read whole starts at its <h1> when what comes before it is a masthead: most
    of its text in links (a mega menu, a category bar, account links: pages that are no
    article often keep them out of <nav> and <header>) and less than half the page."""
    for start, unit in enumerate(units):
        if unit[1] & HEADING and unit.block is not None and unit.block.tag == "h1":
            before = sum(u[2] for u in units[:start])
            links = sum(u[3] for u in units[:start])
            if before and links > MAX_LINK_DENSITY * before and 2 * before < sum(u[2] for u in units):
                return units[start:]
            break
    return units


def article_units(units: list[ParagraphUnit], mode: int) -> list[ParagraphUnit]:
    """The units of the content body a reader keeps: boilerplate regions (share bars,
    related/comment blocks, in-body navigation, header and footer), captions and credits
    (unless the slides carry the story) and link lists go (``mode``, the scoring pass's
    PASS_* bits: a listing's link lists are its items, a thread's bare numbers and short
    labels its posts' furniture, and a page read whole but a thread keeps its captions
    and its header's short lines, starts after its masthead and keeps one copy of a
    block shown twice)."""
    slides: set[str] | None = None  # measured at the first caption met: most pages have none
    if mode & WHOLE_PAGE and not mode & THREAD_PAGE:
        units = _after_masthead(units)
    kept = []
    quoted = set()
    for unit in units:
        text, flags, chars, link_chars = unit
        if flags & BOILERPLATE_REGION:
            continue
        if mode & THREAD_PAGE:
            if chars < MIN_POST_TEXT:
                continue  # a post's furniture: its author, rank, date, "Reply", "Quote"
            if not any(map(str.isalpha, text)):
                continue  # a post's counts (posts, likes, reputation), not its words
        if mode & WHOLE_PAGE and mode & COPIES_REPEAT and chars >= MIN_QUOTE:
            if text in quoted:
                continue  # a reply quoting an earlier post, a block's copy: already in
            quoted.add(text)
        if link_chars and _is_link_list(flags, chars, link_chars) \
                and not (mode & CARD_PAGE and chars >= MIN_ITEM_TITLE):
            continue  # on a listing the items are links: their titles are the content
        # a landing page or a listing read whole keeps its hero's lines and its slides; a
        # thread's posts are articles, each <header> holding its author and date
        if not mode & WHOLE_PAGE or mode & THREAD_PAGE:
            if flags & ARTICLE_HEADER and chars < MIN_STANDFIRST:
                continue  # the article's title, byline, date: the record's other fields
            if flags & CAPTION:
                if slides is None:
                    slides = _gallery_slides(units)
                if text not in slides:
                    continue
                slides.discard(text)
        kept.append(unit)
    return kept


def node_article(node: Node) -> Article:
    winner, mode, page_type, meta = scored_article(node)  # one walk for both (_score.pyx)
    text = layout(article_units(paragraph_units(winner, winner, mode), mode)) if winner is not None else ""
    return Article(element=winner, text=text, **meta, page_type=page_type)
