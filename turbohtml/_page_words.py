"""Words the page-type features count (data only; turbohtml/_features.pyx, docs/scoring.md).

Each ``CLASS_WORDS`` entry counts the elements whose lower-cased class carries it (as a
substring, the way the hint words of ``_hints.py`` match): the vocabulary that forum,
shop, listing, documentation and landing-page templates share across sites. The schema.org
types are counted in ``itemtype`` values and JSON-LD scripts alike.
"""

CLASS_WORDS = (
    "post", "comment", "reply", "thread", "topic", "forum", "message", "author", "user",
    "avatar", "price", "cart", "product", "sku", "stock", "rating", "review", "card", "item",
    "grid", "tile", "listing", "result", "filter", "facet", "sort", "pagination", "doc",
    "toc", "sidebar", "menu", "breadcrumb", "hero", "feature", "testimonial", "pricing",
    "cta", "article", "entry", "byline", "date", "tag", "share", "code", "highlight",
    "version", "button", "btn", "col", "row", "container", "section", "banner", "icon",
)

SCHEMA_TYPES = (
    "Product", "Offer", "AggregateRating", "DiscussionForumPosting", "Comment", "Question",
    "Answer", "QAPage", "NewsArticle", "BlogPosting", "Article", "ItemList", "CollectionPage",
    "SearchResultsPage", "TechArticle", "SoftwareApplication", "SoftwareSourceCode",
    "FAQPage", "Service", "LocalBusiness", "Organization", "WebPage", "Person", "Event",
    "Recipe", "JobPosting", "BreadcrumbList",
)

#: Shares of the page's text or links (numerator, denominator: feature names of
#: ``turbohtml._features.TAG_FEATURES``) that tell kinds apart better than raw counts.
SHARES = (
    ("link_chars", "chars"), ("p_chars", "chars"), ("li_chars", "chars"), ("code_chars", "chars"),
    ("td_chars", "chars"), ("card_links", "links"), ("currency", "chars"), ("time", "article"),
    ("links", "elements"), ("p", "elements"), ("li", "elements"), ("chars", "elements"),
)
