"""Where ``metadata()`` looks, and how much each source weighs (data only).

Meta names are matched lower-cased against a ``<meta>``'s ``property``, ``name`` or
``itemprop``. The lists follow the names trafilatura's ``metadata.py``/``metaxpaths.py``,
newspaper4k's ``metadata_extractor.py``/``authors_extractor.py``, goose3's
``extractors/metas.py``/``authors.py`` and htmldate's ``settings.py`` read for the same
fields, plus the Parse.ly and Sailthru conventions many newsrooms publish, kept to the
widespread ones. Weights are votes: candidates that agree pool their weights, and the
largest pool wins (``turbohtml.extract.metadata`` explains the rules).
"""

# ---------------------------------------------------------------- JSON-LD (schema.org)

#: Types whose ``headline``/``author``/``datePublished`` describe the page's own text.
ARTICLE_TYPES = frozenset({
    "article", "newsarticle", "blogposting", "reportagenewsarticle", "analysisnewsarticle",
    "opinionnewsarticle", "backgroundnewsarticle", "reviewnewsarticle", "scholarlyarticle",
    "techarticle", "report", "liveblogposting", "socialmediaposting", "discussionforumposting",
    "review", "posting", "medicalscholarlyarticle", "satiricalarticle", "advertisercontentarticle",
})

#: Page-level types: their ``name``/``headline`` is the page's title when no article is declared.
PAGE_TYPES = frozenset({
    "webpage", "itempage", "aboutpage", "faqpage", "qapage", "collectionpage", "profilepage",
    "medicalwebpage", "contactpage", "searchresultspage", "checkoutpage", "realestatelisting",
})

#: Things a page is about whose ``name`` is the visible title (a product page, a recipe, ...).
THING_TYPES = frozenset({
    "product", "recipe", "event", "course", "howto", "book", "movie", "softwareapplication",
    "jobposting", "videoobject", "podcastepisode", "question",
})

#: Types naming an organisation, not a person: never an author.
ORGANIZATION_TYPES = frozenset({
    "organization", "newsmediaorganization", "corporation", "localbusiness", "educationalorganization",
    "governmentorganization", "ngo", "onlinebusiness", "website", "brand",
})

# ---------------------------------------------------------------- <meta> names per field

TITLE_METAS = {
    "og:title": 2.5, "twitter:title": 1.5, "headline": 2.0, "title": 1.0, "dc.title": 1.0,
    "dcterms.title": 1.0, "dc:title": 1.0, "dcterm:title": 1.0, "dcterms:title": 1.0,
    "citation_title": 2.0, "parsely-title": 2.0, "sailthru.title": 1.5,
}

AUTHOR_METAS = {
    "author": 2.0, "article:author": 2.0, "og:author": 2.0, "og:article:author": 2.0, "book:author": 2.0,
    "dc.creator": 2.0, "dcterms.creator": 2.0, "dc:creator": 2.0, "dcterm:creator": 2.0,
    "citation_author": 2.5, "parsely-author": 2.5,
    "sailthru.author": 2.5, "byl": 2.0, "creator": 1.5,
}

DESCRIPTION_METAS = (
    "og:description", "description", "twitter:description", "dc.description", "dcterms.description",
    "dc:description", "dcterm:description",
    "sailthru.description",
)

SITE_NAME_METAS = (
    "og:site_name", "application-name", "apple-mobile-web-app-title", "al:ios:app_name",
    "dc.publisher", "dcterms.publisher", "publisher", "article:publisher", "citation_journal_title", "twitter:site",
)

#: Names that hold a publisher: a byline equal to one of these is not a person.
PUBLISHER_METAS = ("og:site_name", "dc.publisher", "dcterms.publisher", "publisher", "application-name")

IMAGE_METAS = (
    "og:image", "og:image:url", "og:image:secure_url", "twitter:image", "twitter:image:src",
    "parsely-image-url", "sailthru.image.full", "thumbnail", "image",
)

#: Each value may list several tags, comma-separated.
TAG_METAS = ("article:tag", "parsely-tags", "sailthru.tags", "news_keywords", "keywords", "citation_keywords")

CATEGORY_METAS = ("article:section", "parsely-section", "category", "dc.subject")

#: Names declaring the publication date itself (htmldate's and trafilatura's lists).
PUBLISHED_METAS = (
    "article:published_time", "datepublished", "og:published_time", "article.published", "pubdate",
    "publishdate", "publish-date", "publish_date", "published_time", "date", "dc.date", "dc.date.issued",
    "dcterms.date", "dcterms.created", "dcterms.issued", "citation_publication_date", "citation_date",
    "parsely-pub-date", "sailthru.date", "originalpublicationdate", "datecreated", "release_date",
    "published", "article:published", "publication_date",
)

MODIFIED_METAS = (
    "article:modified_time", "og:updated_time", "datemodified", "dcterms.modified", "last-modified",
    "parsely-updated", "modified",
)

LANG_METAS = ("content-language", "og:locale", "dc.language", "language", "inlanguage")

TYPE_METAS = ("og:type",)

# ---------------------------------------------------------------- visible sources

#: class/id words marking a byline block (trafilatura's author XPaths and newspaper4k's
#: byline attribute values use the same words).
BYLINE_WORDS = ("byline", "by-line", "author", "writer", "posted-by", "contributor")
#: Words a byline word opens that mark no byline: a dealer "authorized" to sell, an
#: "authorization" form, "authoring" a document, an "authority" (class/id, any case).
NOT_BYLINE_WORDS = ("authoriz", "authoris", "authorit", "authoring")

#: class/id words marking a reader-comment section: names there are commenters.
COMMENT_WORDS = ("comment", "disqus", "respond", "reply")

#: class/id words marking a date stamp (htmldate's date-marked elements use the same words).
DATE_WORDS = ("date", "timestamp", "published", "posted-on", "updated")

#: Words that open a byline ("By Jane Doe", German "Von", French "Par", ...).
BY_PREFIXES = ("by", "von", "par", "por", "door", "av", "af")

#: Labels that open a publication date ("Published: May 2, 2025", "<h4>Published</h4><p>May 2"),
#: matched as whole words at the start of a text.
PUBLISHED_LABELS = ("published", "posted on", "date published", "publication date", "first published",
                    "originally published", "veröffentlicht", "erschienen am", "publié le", "publicado",
                    "pubblicato")

#: Credit lines the walk also takes for a byline's start ("Written by Jane Doe"), or,
#: standing alone, for the label of the name in the next element.
CREDIT_LINES = ("written by", "posted by", "words by", "story by", "reported by", "interview by", "geschrieben von")

#: On a thread no line credits, forum software still marks each post's poster: a name
#: classed with one of these words (phpBB, vBulletin, XenForo ``username``; Flarum
#: ``PostUser-name``; SMF's ``poster`` card) ...
POSTER_CLASSES = ("username", "user-name", "postauthor", "post-author")
POSTER_CARD = "poster"  # a whole class token: "posters", "poster-image" are pictures
#: ... or a link to the poster's profile page: XenForo ``/members/<name>.<id>/``, Discourse
#: and Lemmy ``/u/<name>``, phpBB ``memberlist.php?mode=viewprofile``, vBulletin
#: ``member.php?u=``, SMF ``action=profile``, FluxBB ``profile.php?id=``.
PROFILE_PATHS = ("/members/", "/member/", "/u/", "/user/", "/users/", "/profile/", "/profiles/",
                 "member.php?", "mode=viewprofile", "profile.php?", "action=profile")

# ---------------------------------------------------------------- weights of visible sources

#: The <h1> inside or just above the main content, or the only <h1> outside page chrome.
H1_WEIGHT = 3.0
#: Any other <h1> outside page chrome (a page with several), and a lead <h1> of at most
#: ``SECTION_HEADING_WORDS`` words sharing none with the <title> (a site's or section's name).
OTHER_H1_WEIGHT = 1.0
SECTION_HEADING_WORDS = 4
#: An element marked itemprop="headline".
HEADLINE_WEIGHT = 2.5
#: The <title> with the site name split off.
TITLE_TAG_WEIGHT = 2.0
#: JSON-LD: the article's headline, a page's or product's name.
JSON_LD_HEADLINE_WEIGHT = 3.0
JSON_LD_NAME_WEIGHT = 1.5
#: JSON-LD author of the article (persons only).
JSON_LD_AUTHOR_WEIGHT = 3.0
#: itemprop="author" elements, rel="author" links.
ITEMPROP_AUTHOR_WEIGHT = 2.5
REL_AUTHOR_WEIGHT = 2.0
#: class*=byline|author blocks and "By ..." lines, next to the title or in the article.
BYLINE_NEAR_TITLE_WEIGHT = 2.0
BYLINE_IN_ARTICLE_WEIGHT = 1.5
BYLINE_ELSEWHERE_WEIGHT = 0.75
#: A byline is "next to the title" within this many elements after the <h1> (or before it).
NEAR_TITLE_AFTER = 60
NEAR_TITLE_BEFORE = 15
#: ``twitter:labelN``/``twitter:dataN`` pairs (Slack and Twitter unfurl them; Yoast SEO
#: and other plugins write ``twitter:label1=Written by``): a label naming the author.
CREDIT_LABELS = frozenset({"written by", "author", "authors", "by", "geschrieben von", "autor", "auteur",
                           "écrit par", "escrito por", "scritto da", *CREDIT_LINES})
TWITTER_CREDIT_WEIGHT = 2.0
#: The smallest pooled weight an author needs (a lone block far from the title is not enough).
MIN_AUTHOR_WEIGHT = 1.5

# ---------------------------------------------------------------- cleaning

#: Separators between a page title and the site's name, in the order they are tried.
TITLE_SEPARATORS = (" | ", " - ", " \u2013 ", " \u2014 ", " :: ", " \u00bb ", " \u00b7 ", " // ", " \u2022 ", ": ")

#: Labels forum engines write before a thread's title (vBulletin's "Thread: ...", phpBB's
#: "View topic - ..."): no part of it. Lower-case, with their separator.
FORUM_TITLE_LABELS = ("thread:", "view topic -", "topic:")

#: Class words of an author card's parts that hold no name (``author-title``,
#: ``byline-role``, ``author-box__bio``), and how far up a card's wrappers reach.
AUTHOR_CARD_PARTS = ("title", "role", "bio", "job", "position", "description", "occupation")
AUTHOR_CARD_DEPTH = 4

#: Job titles and roles that trail a name ("Jane Doe, Staff Writer").
ROLE_WORDS = frozenset({
    "staff", "writer", "writers", "editor", "editors", "reporter", "correspondent", "contributor",
    "contributing", "columnist", "journalist", "author", "senior", "associate", "managing",
    "chief", "editorial", "team", "desk", "producer", "photographer", "photos", "photo",
    "guest", "freelance", "special", "deputy", "executive", "news", "analyst", "redaktion",
    "redakteur", "redakteurin", "autor", "autorin", "journaliste", "rédaction", "redacción",
    "director", "manager", "head", "founder", "cofounder", "ceo", "cto", "president", "officer",
    "attorney", "lawyer", "professor", "specialist", "consultant", "strategist", "coordinator",
    "marketing", "content", "product", "digital", "lead", "vp",
})

#: Words that end a collective byline ("Lifestyle Desk", "Editorial Team"): part of it.
COLLECTIVE_WORDS = frozenset({"team", "desk", "editors", "staff", "newsroom"})

#: Lower-case words inside names ("Marna van der Merwe", "Leonardo da Vinci").
NAME_PARTICLES = frozenset({
    "van", "von", "der", "den", "de", "da", "di", "del", "della", "du", "le", "la", "bin", "ibn", "al", "el",
    "y", "e", "zu", "ten", "ter", "dos", "das",
})

#: Month names (en, de, fr, es): a byline's date remnant, never a name.
MONTHS = frozenset({
    "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
    "november", "december", "januar", "februar", "märz", "juni", "juli", "oktober", "dezember", "janvier",
    "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre",
    "décembre", "enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre",
    "octubre", "noviembre", "diciembre",
})

#: Words that stand where a byline's name was cut off a date: a month or weekday
#: (full or abbreviated, as forum posts stamp "by X » Tue Mar 4") or a date's label.
NOT_NAMES = MONTHS | frozenset({
    "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec",
    "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
    "mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun",
    "montag", "dienstag", "mittwoch", "donnerstag", "freitag", "samstag", "sonntag",
    "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche",
    "updated", "update", "modified", "published", "posted", "last", "last updated", "on", "aktualisiert",
    "veröffentlicht", "publié", "mis à jour", "actualizado", "publicado",
    "reading time", "read time",  # the label of a "Reading time: 4 min" stamp beside the byline
    "undefined", "null",  # what a page's script writes for a name it did not have
    # what follows a "By" in a way to browse or sort ("By Collection", "By Team Size") and
    # in prose ("by default", "by value")
    "default", "value", "reference", "subject", "topic", "stage", "collection", "category", "type", "brand",
    "size", "weight", "color", "colour", "price", "industry", "role", "team size", "use case", "relevance",
    "popularity",
})

#: Words that open a credit line before "by" ("Written by", "Posted by").
CREDIT_VERBS = ("written", "authored", "posted", "published", "reviewed", "edited", "updated", "reported", "recipe",
                "words", "story", "text", "article", "photos", "compiled", "created", "interview", "geschrieben",
                "verfasst", "publié", "escrito")

#: Dates: the date a page shows next to its title, a publication date it declares,
#: a modification date it declares (only ever a supporting vote), the first <time>
#: dates() found anywhere (support too: it may sit in a sidebar).
VISIBLE_DATE_WEIGHT = 3.0
PUBLISHED_DATE_WEIGHT = 2.5
MODIFIED_DATE_WEIGHT = 1.0
TIME_DATE_WEIGHT = 1.0
#: A date under a publication label ("Published: ..."), wherever it stands outside chrome.
LABELLED_DATE_WEIGHT = 4.0
#: The /YYYY/MM/DD/ date of the page's address, when it repeats a declared publication date.
URL_DATE_WEIGHT = 1.0
#: A shown date under an "Updated" label votes with this share of a shown date's weight.
UPDATE_SHOWN_SHARE = 0.5

#: Words labelling a shown date as an update, not the publication ("Updated on ...").
UPDATE_LABELS = ("updated", "update", "modified", "revised", "aktualisiert", "geändert", "mis à jour",
                 "actualizado", "actualización", "aggiornato", "bijgewerkt", "atualizado")

#: class words naming a publication date: a class holding one is not an update's
#: (WordPress themes mark an unedited post's date ``class="entry-date published updated"``).
PUBLISHED_CLASS_WORDS = ("publish", "entry-date", "created")

#: More distinct dates than this next to the title: a listing's teasers, not one page's date.
MAX_SHOWN_DATES = 2

#: og:type values of dated content (a declared publication date counts on such pages).
DATED_TYPES = frozenset({"article", "blog", "news", "blogposting", "newsarticle"})

#: A name holds at most this many words and characters; longer text is prose.
MAX_NAME_WORDS = 6
MAX_NAME_CHARS = 60
MAX_BYLINE_CHARS = 200
#: A text of more words than this is a sentence, not a date stamp.
MAX_STAMP_WORDS = 10
#: Tags kept at most (keyword metas can hold hundreds).
MAX_TAGS = 50
