"""Class/id hint words for the main-content scoring (data only).

The words follow the signals of Mozilla's Readability.js (its ``positive``,
``negative``, ``unlikelyCandidates`` and ``okMaybeItsACandidate`` patterns, also used by
readability-lxml), kept few and general. Each word matches as a substring of the
lower-cased ``class`` or ``id`` value, as Readability's patterns do.
"""

#: A container whose class/id carries one of these reads as article body: +25.
POSITIVE = ("article", "content", "post", "entry", "main", "story", "text", "body", "blog")

#: A container whose class/id carries one of these reads as boilerplate: -25.
NEGATIVE = (
    "comment", "sidebar", "footer", "share", "social", "related", "pagination", "pager",
    "breadcrumb", "modal", "popup", "newsletter", "sponsor", "advert", "promo", "widget",
    "masthead", "banner", "cookie", "disqus", "outbrain", "taboola", "recommend", "hidden",
    "contact", "menu", "skyscraper", "shoutbox", "title", "headline", "byline", "meta",
)

#: Subtrees whose class/id carries one of these are dropped from scoring and from the
#: article text, unless the same attribute also carries a RESCUE word.
PRUNE = (
    "comment", "sidebar", "social", "related", "pagination", "pager", "breadcrumb",
    "modal", "popup", "newsletter", "sponsor", "cookie", "disqus", "outbrain", "taboola",
    "recommend", "menu", "skyscraper", "shoutbox", "footer", "caption", "gallery",
    "slideshow", "carousel", "legends", "community", "remark", "replies", "supplemental",
    "agegate", "gdpr", "trending", "most-read", "mostread", "most-popular", "donate",
)

#: Class tokens starting with these name a taxonomy term, not a layout role (WordPress
#: puts ``category-<slug>`` and ``tag-<slug>`` on every post), so hints skip them.
SKIPPED_TOKEN_PREFIXES = ("category-", "tag-", "tags-")

#: A word that keeps a subtree tagged both ways (``class="comment article-body"``).
RESCUE = ("article", "content", "main")
