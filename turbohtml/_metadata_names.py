"""Names of the <meta> tags article() reads, in order of preference (data only).

Matched case-insensitively against a meta's ``property``, ``name`` or ``itemprop``.
The lists follow the names trafilatura's metadata module and Readability.js read for
the same fields, kept to the widespread ones.
"""

TITLE = ("og:title",)

AUTHOR = (
    "author", "article:author", "dc.creator", "dcterms.creator", "parsely-author",
    "sailthru.author", "byl", "citation_author",
)

#: article:published_time first, as the spec says; then the common date names.
DATE = (
    "article:published_time", "datepublished", "date", "pubdate", "publishdate",
    "publish-date", "dc.date", "dcterms.date", "dc.date.issued", "dcterms.created",
    "og:published_time", "parsely-pub-date", "sailthru.date", "citation_publication_date",
)

DESCRIPTION = ("og:description", "description")

#: The fields article() harvests for code written against newspaper's Article.
SITE_NAME = ("og:site_name",)

IMAGE = ("og:image", "og:image:url", "og:image:secure_url", "twitter:image")

#: Each ``article:tag`` is one tag; ``keywords`` lists several, comma-separated.
TAGS = ("article:tag",)
KEYWORDS = ("keywords",)
