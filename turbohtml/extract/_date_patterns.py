"""Data for ``dates()``: meta names, month names, compiled patterns (no logic).

The meta-name lists, the class/id cues and the page-search pattern families follow
htmldate (``htmldate/core.py`` and ``htmldate/extractors.py``, Apache-2.0) so that our
results line up with the tool ``dates()`` succeeds; the regexes themselves are written
here. Month names cover English, German, French, Spanish, Italian and Portuguese (plus
Dutch), full and abbreviated.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from typing import Any

# ---------------------------------------------------------------- <meta> names

#: Names/properties declaring a publication date (htmldate's DATE_ATTRIBUTES, lower-case).
META_PUBLISHED = frozenset({
    "analyticsattributes.articledate", "article.created", "article_date_original",
    "article:post_date", "article.published", "article:published", "article:published_date",
    "article:published_time", "article:publicationdate", "bt:pubdate", "citation_date",
    "citation_publication_date", "citation_online_date", "content_create_date", "created",
    "cxenseparse:recs:publishtime", "date", "date_created", "date_published", "datecreated",
    "dateposted", "datepublished", "dc.date", "dc.created", "dc.date.created",
    "dc.date.issued", "dc.date.publication", "dcsext.articlefirstpublished",
    "dcterms.created", "dcterms.date", "dcterms.issued", "dc:created", "dc:date",
    "dc.issued", "dcterms.available", "displaydate", "doc_date", "field-name-post-date",
    "gentime", "mediator_published_time", "meta", "og:article:published",
    "og:article:published_time", "og:datepublished", "og:pubdate", "og:publish_date",
    "og:published_time", "og:question:published_time", "og:regdate",
    "originalpublicationdate", "parsely-pub-date", "pdate", "ptime", "pubdate",
    "publishdate", "publish_date", "publish_time", "publish-date", "published-date",
    "published_date", "published_time", "publisheddate", "publication_date", "rbpubdate",
    "release_date", "rnews:datepublished", "sailthru.date", "shareaholic:article_published_time",
    "timestamp", "twt-published-at", "video:release_date", "vr:published_time",
})

#: Names/properties declaring a modification date (htmldate's NAME_MODIFIED and
#: PROPERTY_MODIFIED, merged: a site writing ``name=`` where ``property=`` is meant
#: still means the same thing).
META_MODIFIED = frozenset({
    "lastdate", "lastmod", "lastmodified", "last-modified", "modified", "utime",
    "article:modified", "article:modified_date", "article:modified_time",
    "article:post_modified", "bt:moddate", "datemodified", "dc.modified", "dcterms.modified",
    "modified_time", "modificationdate", "og:article:modified_time", "og:modified_time",
    "og:updated_time", "revision_date", "updated_time", "dateupdated", "last_updated",
})

#: itemprop values on <meta> (schema.org microdata).
ITEMPROP_PUBLISHED = frozenset({"datecreated", "datepublished", "pubyear"})
ITEMPROP_MODIFIED = frozenset({"datemodified", "dateupdate", "dateupdated"})
#: A declared copyright year: never a date, and not counted by the bare-year vote.
ITEMPROP_COPYRIGHT = "copyrightyear"

#: http-equiv values: ``date`` is the original, ``last-modified`` the update.
HTTP_EQUIV_PUBLISHED = frozenset({"date"})
HTTP_EQUIV_MODIFIED = frozenset({"last-modified"})

META_URL = frozenset({"og:url"})
META_IMAGE = frozenset({"og:image"})

# ---------------------------------------------------------------- JSON-LD keys

JSON_PUBLISHED = ("datePublished", "dateCreated", "uploadDate")
JSON_MODIFIED = ("dateModified",)
#: Regex fallback for scripts that are not valid JSON (trailing commas, JS comments).
JSON_KEY_VALUE = re.compile(
    r'"(datePublished|dateCreated|uploadDate|dateModified)"\s*:\s*"([^"]{4,64})"'
)

# ---------------------------------------------------------------- <time>/<abbr> cues

#: <time class> values marking the original (prefix) or the update (exact), htmldate's shortcuts.
TIME_ORIGINAL_CLASS_PREFIXES = ("entry-date", "entry-time")
TIME_UPDATED_CLASS = "updated"
#: <abbr class> values whose title/text is the publication date.
ABBR_PUBLISHED_CLASSES = frozenset({"date-published", "published", "time published"})

# ---------------------------------------------------------------- month names

_MONTH_NAMES = (
    # en, de, fr, es, it, pt, nl (full, then abbreviations)
    ("january", "januar", "jänner", "janner", "janvier", "enero", "gennaio", "janeiro",
     "januari", "jan", "janv", "ene", "gen"),
    ("february", "februar", "feber", "février", "fevrier", "febrero", "febbraio",
     "fevereiro", "februari", "feb", "févr", "fevr", "fév", "fev", "febr"),
    ("march", "märz", "maerz", "mars", "marzo", "março", "marco", "maart", "mar", "mär",
     "mrz", "mrt"),
    ("april", "avril", "abril", "aprile", "apr", "avr", "abr"),
    ("may", "mai", "mayo", "maggio", "maio", "mei", "mag"),
    ("june", "juni", "juin", "junio", "giugno", "junho", "jun", "giu"),
    ("july", "juli", "juillet", "julio", "luglio", "julho", "jul", "juil", "lug"),
    ("august", "août", "aout", "agosto", "augustus", "aug", "ago"),
    ("september", "septembre", "septiembre", "setiembre", "settembre", "setembro", "sep",
     "sept", "set"),
    ("october", "oktober", "octobre", "octubre", "ottobre", "outubro", "oct", "okt", "ott",
     "out"),
    ("november", "novembre", "noviembre", "novembro", "nov"),
    ("december", "dezember", "décembre", "decembre", "diciembre", "dicembre", "dezembro",
     "dec", "dez", "déc", "dic"),
)

# Beyond the six: Scandinavian, Indonesian, Turkish, Polish, Russian and Ukrainian
# full names (genitive forms too, as dates write them), where htmldate falls back to
# dateparser. Abbreviations are left out: too many collide with common words.
_MORE_MONTH_NAMES = (
    ("januari", "ocak", "stycznia", "styczeń", "января", "январь", "січня", "січень"),
    ("februari", "şubat", "lutego", "luty", "февраля", "февраль", "лютого", "лютий"),
    ("maret", "mart", "marca", "marzec", "марта", "март", "березня", "березень"),
    ("nisan", "kwietnia", "kwiecień", "апреля", "апрель", "квітня", "квітень"),
    ("maj", "mayıs", "maja", "мая", "май", "травня", "травень"),
    ("haziran", "czerwca", "czerwiec", "июня", "июнь", "червня", "червень"),
    ("temmuz", "lipca", "lipiec", "июля", "июль", "липня", "липень"),
    ("augusti", "agustus", "ağustos", "sierpnia", "sierpień", "августа", "август", "серпня", "серпень"),
    ("eylül", "września", "wrzesień", "сентября", "сентябрь", "вересня", "вересень"),
    ("ekim", "października", "październik", "октября", "октябрь", "жовтня", "жовтень"),
    ("kasım", "listopada", "listopad", "ноября", "ноябрь", "листопада", "листопад"),
    ("desember", "desember", "aralık", "grudnia", "grudzień", "декабря", "декабрь", "грудня", "грудень"),
)

#: Lower-case month name or abbreviation -> month number.
MONTHS = {
    name: number
    for table in (_MONTH_NAMES, _MORE_MONTH_NAMES)
    for number, names in enumerate(table, 1)
    for name in names
}



def alternation(words: Iterable[str]) -> str:
    """A regex matching any of ``words``, factored by common prefixes (``sep(?:t(?:ember)?)?``
    for "sep", "sept", "september"): ``re`` tries a branch's alternatives one by one at
    every position, and a hundred month names that way make the written-date pattern the
    slowest one of ``dates()`` and ``metadata()`` (whose update labels are factored the
    same way). Where several words match at one place (each a prefix of the next) the
    longest is tried first, then the shorter ones, as in an alternation sorted longest
    first: the matches are the same."""
    tree: dict[str, Any] = {}
    for word in words:
        node = tree
        for char in word:
            node = node.setdefault(char, {})
        node[""] = {}  # a word ends here

    def pattern(node: dict[str, Any]) -> str:
        branches = [re.escape(char) + pattern(child) for char, child in node.items() if char]
        if "" in node:
            if not branches:
                return ""
            return f"(?:{'|'.join(branches)})?"  # the longer words first, then the word ending here
        return branches[0] if len(branches) == 1 else f"(?:{'|'.join(branches)})"

    return pattern(tree)


_MONTH_ALT = alternation(MONTHS)
#: The longest month name, in characters: how far before its day a written date may open.
LONGEST_MONTH = max(map(len, MONTHS))
_DAY = r"(?:3[01]|[12][0-9]|0?[1-9])"
_YEAR = r"(?:19[0-9]{2}|2[0-9]{3})"

#: Written dates: "May 23, 2016", "Sept. 5th 2019", "3. Januar 2019", "12th of December
#: 2018", "1er janvier 2020", "5 de mayo de 2019", "19 Oct 2022" (RFC 2822 after the weekday),
#: and year first, "2023 Jan 7" (the citation_publication_date form of PubMed and journals).
#: Every match opens with a digit or a month name's first letter: the lookahead turns
#: every other position away at one test, before the three alternatives are tried.
_WRITTEN_OPENINGS = "".join(sorted({re.escape(name[0]) for name in MONTHS}))
_WRITTEN_DATE = (
    rf"(?=[0-9{_WRITTEN_OPENINGS}])(?:"
    rf"(?<![^\W\d_])(?P<m1>{_MONTH_ALT})\.?\s+(?P<d1>{_DAY})(?:st|nd|rd|th)?\.?,?\s+(?P<y1>{_YEAR})(?![0-9])"
    rf"|(?<![0-9])(?P<d2>{_DAY})(?:st|nd|rd|th|er|e|º|°|\.)?\s*(?:of\s+|de\s+|di\s+|-)?"
    rf"(?P<m2>{_MONTH_ALT})(?![^\W\d_])\.?,?\s*(?:de\s+|del\s+|-)?(?P<y2>{_YEAR})(?![0-9])"
    rf"|(?<![0-9])(?P<y3>{_YEAR})\s+(?P<m3>{_MONTH_ALT})\.?\s+(?P<d3>{_DAY})(?![0-9]))"
)


@functools.cache
def written_date() -> re.Pattern[str]:
    """The written-date pattern, compiled on first use: its month-name alternations are
    the costliest pattern of the package to compile (a tenth of ``import turbohtml``).
    It is case-sensitive, for lower-cased text: matching a hundred month names without
    case folding at every position scans a text three times faster."""
    return re.compile(_WRITTEN_DATE)


#: Where a written date may end: a plausible year. Long texts are searched for written
#: dates only in windows before these (the month-name alternation is slow to scan).
YEAR_CORE = re.compile(r"(?<![0-9])(?:19[0-9]{2}|2[0-9]{3})(?![0-9])")
#: Where a labelled date may end: a D.M.Y-like group of digits (htmldate's prefilter).
NUMERIC_CORE = re.compile(r"[0-9]{1,4}[./][0-9]{1,2}[./][0-9]{2,4}")
#: Window sizes before (after) a core, and how many cores are probed at most.
CORE_BEFORE = 60
CORE_AFTER = 4
MAX_CORES = 1000

# ---------------------------------------------------------------- numeric dates

#: Year-first: 2016-12-23, 2016/12/23, 2016.12.23 (with an optional ISO time).
YMD = re.compile(r"(?<![0-9])([12][0-9]{3})[-/.](1[0-2]|0?[1-9])[-/.](3[01]|[12][0-9]|0?[1-9])(?![0-9])")
#: Chinese, Japanese and Korean dates: 2019年5月3日, 2019년 5월 3일.
CJK_DATE = re.compile(r"((?:19|20)[0-9]{2}) ?[年년] ?([0-9]{1,2}) ?[月월] ?([0-9]{1,2})(?![0-9])")
#: An unambiguous ISO calendar date, four-digit year and hyphens.
ISO_DATE = re.compile(r"(?<![0-9])((?:19|20)[0-9]{2})-(1[0-2]|0[1-9])-(3[01]|[12][0-9]|0[1-9])(?![0-9])")
#: Day/month-first: 23.12.2016, 23/12/16, 12/23/2016 (swapped when the month exceeds 12),
#: and spaced-out forms such as "26 | 01 | 2022" or "26 / 01 / 2022".
DMY = re.compile(
    r"(?<![0-9])([0-9]{1,2})[-/.]([0-9]{1,2})[-/.]([0-9]{4}|[0-9]{2})(?![0-9])"
    r"|(?<![0-9])([0-9]{1,2}) ?[-/.|] ?([0-9]{1,2}) ?[-/.|] ?([0-9]{4})(?![0-9])"
)
#: Eight digits: 20161223 (a 14-digit stamp starting the value counts too).
YYYYMMDD = re.compile(r"(?<![0-9])((?:19|20)[0-9]{2})(1[0-2]|0[1-9])(3[01]|[12][0-9]|0[1-9])(?![0-9])")
YYYYMMDD_PREFIX = re.compile(r"((?:19|20)[0-9]{2})(1[0-2]|0[1-9])(3[01]|[12][0-9]|0[1-9])(?:[0-9]{6})?(?![0-9])")
#: Year and month only: 2016-12, 12/2016 (read as the 1st).
YM = re.compile(
    r"(?<![0-9])(?<![0-9][-/.])(?:([12][0-9]{3})[-/.](1[0-2]|0?[1-9])|(1[0-2]|0?[1-9])[-/.]([12][0-9]{3}))(?![-/.]?[0-9])"
)
#: An ISO 8601 time of day after the date part.
ISO_TIME = re.compile(r"[T ]([0-2][0-9]):([0-5][0-9])(?::([0-5][0-9]))?")

#: A date in a URL path: /2016/07/12/, /2012-11-29/, _2019_06_26 (htmldate's COMPLETE_URL).
URL_DATE = re.compile(
    r"[^0-9]((?:199[0-9]|20[0-3][0-9]))[/_-](1[0-2]|0?[1-9])[/_-](3[01]|[12][0-9]|0?[1-9])(?:[^0-9]|$)"
)

# ---------------------------------------------------------------- free-text gates

#: Free text that is not a date (htmldate's discard list): a bare time, a lone year,
#: prices, currency codes, phone/postal numbers, URLs and domains, bank accounts.
NOT_A_DATE = re.compile(
    r"^\d{2}:\d{2}(?: |:|$)|^\D*\d{4}\D*$|[$€¥£¢₽₱฿₹#]|[A-Z]{3}[^A-Z]"
    r"|(?:^|\D)(?:\+\d{2}|\d{3}|\d{5})\D|ftps?|https?|sftp"
    r"|\.(?:com|net|org|info|gov|edu|de|fr|io)\b|IBAN|[A-Z]{2}[0-9]{2}|®"
)
TRAILING_NON_DIGITS = re.compile(r"\D+$")
#: Free-text segment bounds, in characters (htmldate's MIN/MAX_SEGMENT_LEN).
MIN_SEGMENT = 6
MAX_SEGMENT = 52

# ---------------------------------------------------------------- page-wide text search

#: A date with a time of day, anywhere in the page (htmldate's timestamp rescue).
TIMESTAMP = re.compile(
    r"((?:199[0-9]|20[0-3][0-9])-[01]?[0-9]-[0-3]?[0-9])[T ]([0-9]{2}):([0-9]{2}):([0-9]{2})"
)
#: Labelled dates: "Last updated: 5/5/20", "Datum: 10.11.2017", "Stand: 1.4.18",
#: "Veröffentlicht am 6.12.06", Turkish "yayımlanma tarihi" (htmldate's idiosyncrasies).
_LABELLED_DATE = (
    r"(?:date[^0-9\"]{0,20}|updated|last-modified|published|posted|on)"
    r"[ :]{0,9}?([0-9]{1,4})[./]([0-9]{1,2})[./]([0-9]{2,4})"
    r"|(?:Datum|Stand|Veröffentlicht am):? ?([0-9]{1,2})\.([0-9]{1,2})\.([0-9]{2,4})"
    r"|(?:güncellen?me|yayı(?:m|n)lan?ma) {0,9}?(?:tarihi)? {0,9}?:? {0,9}?([0-9]{1,2})[./]([0-9]{1,2})[./]([0-9]{2,4})"
    r"|([0-9]{1,2})[./]([0-9]{1,2})[./]([0-9]{2,4}) {0,9}?(?:'de|'da|'te|'ta|’de|’da|’te|’ta|tarihinde)"
    r" {0,9}(?:güncellendi|yayı(?:m|n)landı)"
)


@functools.cache
def labelled_date() -> re.Pattern[str]:
    """The labelled-date pattern, compiled on first use (the second costliest to compile)."""
    return re.compile(_LABELLED_DATE, re.IGNORECASE)


#: Copyright notices: "© 2017", "(c) 2009-2017", "Copyright 2015" (a floor for the
#: page-wide vote, never a date; see dates._search_page).
COPYRIGHT = re.compile(
    r"(?:©|&copy;|Copyright|\(c\))\D{0,99}?(?:(?:199[0-9]|20[0-3][0-9])\s*[-–]\s*)?((?:199[0-9]|20[0-3][0-9]))(?![0-9])",
    re.IGNORECASE,
)
#: What every copyright notice holds: a cheap test before the pattern above.
COPYRIGHT_CUE = re.compile(r"©|&copy;|copyright|\(c\)", re.IGNORECASE)

# Pattern families of the page-wide vote, most specific first (htmldate's search_page).
#: A Y/M/D path segment, as in a link URL.
PAGE_YMD_PATH = re.compile(r"/([0-9]{4})/([0-9]{2})/([0-9]{2})[01/]")
#: Any Y-M-D with two-digit month and day.
PAGE_YMD = re.compile(r"[^0-9]([0-9]{4})[/.-]([0-9]{2})[/.-]([0-9]{2})[^0-9]")
#: D-M-Y with a four-digit year.
PAGE_DMY = re.compile(r"[^0-9]([0-3]?[0-9])[/.-]([0-1]?[0-9])[/.-]([0-9]{4})[^0-9]")
#: Eight digits.
PAGE_YYYYMMDD = re.compile(r"[^0-9]((?:19|20)[0-9]{2})([01][0-9])([0-3][0-9])[^0-9]")
#: D/M/YY and DD.MM.YY.
PAGE_DMYY = re.compile(
    r"[^0-9](?:([0-3]?[0-9])/([0-1]?[0-9])/([0129][0-9])|([0-3][0-9])\.([01][0-9])\.([0129][0-9]))[^0-9]"
)
#: Y-M and M-Y.
#: (Never the truncation of a longer date that failed: no digit group may adjoin.)
PAGE_YM = re.compile(r"[^0-9]([12][0-9]{3})[/.-](1[0-2]|0[1-9])(?![/.-]?[0-9])")
PAGE_MY = re.compile(r"(?<![0-9][/.-])[^0-9]([0-1]?[0-9])[/.-]([12][0-9]{3})[^0-9]")
#: A bare year, the last resort.
PAGE_YEAR = re.compile(r"(?<!w3\.org)[^0-9]((?:199[0-9]|20[0-3][0-9]))[^0-9]")

#: A page-wide pattern with more distinct matches than this is no signal.
MAX_CANDIDATES = 1000
