"""Class/id hint words for the main-content scoring (data only).

The words follow the signals of Mozilla's Readability.js (its ``positive``,
``negative``, ``unlikelyCandidates`` and ``okMaybeItsACandidate`` patterns, also used by
readability-lxml), kept few and general. A class or id value is read token by token (split at white
space), each token word by word (split at ``-`` and ``_``); a hint word matches inside
a word (``mainmenu``, ``sidebarwidget``), as Readability's patterns do, unless a
qualifier in the same token says the token describes the page's layout or state rather
than the element (``no-sidebar``, ``has-comments``, ``above-footer``, ``tab-menu``;
see QUALIFIERS below and docs/scoring.md).
"""

#: A container whose class/id carries one of these reads as article body: +25.
POSITIVE = ("article", "content", "post", "entry", "main", "story", "text", "body", "blog")

#: A container whose class/id carries one of these reads as boilerplate: -25.
#: Readability's ``hidden`` is not one: class names use it for responsive visibility
#: (``hidden-xs``, ``hidden-down-md``, ``visually-hidden``) around real content, and what
#: is hidden is read from the ``hidden``/``aria-hidden`` attributes and the inline style.
NEGATIVE = (
    "sidebar", "footer", "share", "social", "related", "pagination", "pager",
    "breadcrumb", "modal", "popup", "newsletter", "sponsor", "advert", "promo", "widget",
    "masthead", "banner", "cookie", "disqus", "outbrain", "taboola", "recommend",
    "contact", "menu", "skyscraper", "shoutbox",
)

#: Words naming a part of an article around its text (its title, byline, meta line):
#: a container so named weighs -25 as a NEGATIVE one does, so it does not win, but it is
#: no boilerplate: paragraphs in it (``class="richtext-title"`` around a page builder's
#: prose) still pass their half share to the container above.
PARTS = ("title", "headline", "byline", "meta")

#: Subtrees whose class/id carries one of these are dropped from scoring and from the
#: article text, unless the same attribute also carries a RESCUE word.
PRUNE = (
    "sidebar", "social", "related", "pagination", "pager", "breadcrumb",
    "modal", "popup", "newsletter", "sponsor", "cookie", "disqus", "outbrain", "taboola",
    "recommend", "menu", "skyscraper", "shoutbox", "footer",
    "legends", "supplemental",
    "agegate", "gdpr", "trending", "mostread", "mostpopular", "donate",
    # in-body blocks around the story: more stories, author boxes, paywall prompts
    "morestories", "morearticles", "morenews", "readnext", "authorbox", "authorbio",
    "aboutauthor", "abouttheauthor", "authorinfo", "subscribe", "signup", "signature", "similar",
    "consent", "onetrust",
)

#: Comment blocks: boilerplate (negative and pruned, unless rescued) below an article, but
#: on a thread page (a forum, a Q&A page) the posts themselves: page_type() decides.
THREAD = ("comment", "replies", "remark", "community")

#: Customer reviews: on a product page beside its description, not part of it (WCXB's
#: main content of a product page is its description and specifications); elsewhere a
#: review may be the article itself, so these words are no hint there.
REVIEW = ("review", "rating")

#: Media blocks (captions, credits, galleries): their short texts are not article
#: text, but a gallery whose slides carry prose is the story (docs/scoring.md).
MEDIA = ("caption", "credit", "gallery", "slideshow", "carousel", "slider")

#: Class tokens starting with these name a taxonomy term, not a layout role (WordPress
#: puts ``category-<slug>``, ``tag-<slug>`` and the post format, ``format-gallery`` and
#: ``post_format-post-format-gallery``, on every post), so hints skip them.
SKIPPED_TOKEN_PREFIXES = ("category-", "tag-", "tags-", "format-", "post_format-")

#: A word that keeps a subtree tagged both ways (``class="comment article-body"``).
RESCUE = ("article", "content", "main")

#: A word before a hint word in the same token that turns the token into a statement
#: about the page's layout or state, not a name of this element: negations
#: (``no-sidebar``, ``robots-nocontent``), states (``has-comments``, ``with-sidebar``),
#: positions (``above-footer``, ``before-comments``), tab widgets (``tab-menu``,
#: product and documentation tabs hold content) and style variations (WordPress's
#: ``is-style-sidebar`` names a block's look).
QUALIFIERS = (
    "no", "non", "not", "without", "has", "have", "with", "show", "hide", "is", "enable",
    "disable", "above", "below", "before", "after", "pre", "tab", "tabs", "style",
)

#: The qualifiers that negate: before a content word (a RESCUE word) ending the token
#: they say the block is not content, and it is pruned (``no-main-image`` speaks of an
#: image): ``nocontent``, ``robots-nocontent`` (the
#: convention Yahoo's and Google's search crawlers read to skip a page's boilerplate),
#: ``no-article``.
NEGATIONS = ("no", "non", "not", "without")

#: A word after a boilerplate hint word that makes the token a layout switch
#: (``sidebar-right``, ``left-sidebar`` on a page wrapper) and hint words that, not being
#: a token's first word, name a page builder's content block (``elementor-widget``).
LAYOUT_SIDES = ("left", "right", "layout")
BUILDER_UNITS = ("widget",)

#: A heading whose text carries one of these (lower-cased, whitespace folded) labels a
#: block of recommendations, not the page's content: a shop's "People who viewed this item
#: also viewed", "Frequently bought together", "Recently viewed", a blog's "You may also
#: like". Of the 212 such headings on wcxb-dev's 1,497 pages, 210 are outside the human
#: main content (the other two: a product manual's and a service page's "Related
#: products"). The block the heading opens goes with it (``_units.pyx``).
RECOMMENDATION_HEADINGS = (
    "also like", "also love", "also enjoy", "also viewed", "also bought", "also purchased",
    "similar items", "similar products", "related products",
    "related items", "related posts", "related articles", "recently viewed",
    "recommended for you", "recommended products", "frequently bought", "more like this",
    "who viewed this", "who bought this",
)
