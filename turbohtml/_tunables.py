"""The numbers the C walks and the Python layers share, named once (data only).

The C scoring (``_score.pyx``), the unit walk (``_units.kept_units``) and the date walk
(``_dates.pyx``) read them when they load, and the Python layers (``extract.options``'
defaults, ``extract.dates``) import them: a number tuned here changes every reader at
once. The words the scoring reads live in ``_hints``; the page-type model's weights in
``_page_type_model``; the metadata and date rules' own numbers in
``extract._metadata_sources`` and ``extract._date_patterns``.
"""

__all__ = [
    "ARTICLE_DOUBT",
    "GALLERY_SHARE",
    "GALLERY_SLIDES",
    "HINT_WEIGHT",
    "KIND_CONFIDENCE",
    "LISTING_CONFIDENCE",
    "LISTING_DOUBT",
    "MAX_LINK_DENSITY",
    "META_HTTP_EQUIV",
    "META_ITEMPROP",
    "META_NAME",
    "META_PROPERTY",
    "META_PUBDATE",
    "MIN_ITEM_TITLE",
    "MIN_PARAGRAPH",
    "MIN_POST_TEXT",
    "MIN_QUOTE",
    "MIN_SLIDE_TEXT",
    "MIN_STANDFIRST",
    "MIN_VISIBLE",
    "RETRY_BELOW",
    "RETRY_GAIN",
]

#: Characters of text for a paragraph unit to score, and ``Extraction.min_length``'s
#: default: below it a paragraph is boilerplate (the spec's twenty-five characters).
MIN_PARAGRAPH = 25

#: What a container's class/id hint adds (``_hints.POSITIVE``) or takes away
#: (``_hints.NEGATIVE``) once: the spec's +25/-25, Readability's class weight.
HINT_WEIGHT = 25

#: The share of a unit's text inside links above which it is a link list, not prose:
#: ``Extraction.max_link_density``'s default and the article's link-list cut (the spec's
#: 0.5 tolerates prose with citations).
MAX_LINK_DENSITY = 0.5

#: A winner holding fewer characters triggers the unpruned retry (Readability's
#: ``charThreshold``).
RETRY_BELOW = 500

#: A later pass's winner replaces an earlier one only holding this many times its text.
RETRY_GAIN = 2

#: Below this many characters a page's visible winner is a stub (a spinner, a hero
#: line), and the passes that read page chrome, ``<noscript>`` and hidden content run.
MIN_VISIBLE = 200

#: How sure the page-type model must be before a thread's, product's, landing page's or
#: documentation page's reading replaces an article's (docs/scoring.md, "the gates":
#: chosen with each fold's model, on sites it has not seen).
KIND_CONFIDENCE = 0.45

#: The same for a listing's reading: news pages (section fronts, live blogs, link rails)
#: are what the model mistakes for listings, and they lose their article when read as
#: one; the regression and trees model errs there less than the regression alone (0.7).
LISTING_CONFIDENCE = 0.45

#: The kinds of ``<meta>`` record the date walk (``_dates.gather``) reports to
#: ``extract.dates``: the date's key was the element's ``name``, ``property``,
#: ``itemprop``, ``pubdate`` or ``http-equiv`` attribute.
META_NAME, META_PROPERTY, META_ITEMPROP, META_PUBDATE, META_HTTP_EQUIV = 1, 2, 3, 4, 5

#: Below this probability of being an article, a page whose likeliest kind is no
#: listing is read as that kind even when the kind itself is below KIND_CONFIDENCE.
ARTICLE_DOUBT = 0.6

#: The same for a listing, lower: a page whose likeliest kind is a listing is read as one
#: under LISTING_CONFIDENCE only when it is almost surely no article (news section
#: fronts are what the model mistakes for listings).
LISTING_DOUBT = 0.2

# The units article() keeps (``_units.kept_units``, docs/scoring.md):

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
