"""Query-parameter tables for the URL helpers: data only, each list citing what it follows.

Every name is compared against the percent-decoded, lower-cased parameter name.
"""

from __future__ import annotations

__all__ = [
    "LANGUAGE_PARAMS",
    "STRICT_ALLOW",
    "TRACKER_PREFIXES",
    "TRACKER_TOKENS",
]

# The tracker vocabulary is courlan's (``courlan/clean.py``, ``TRACKERS_RE``, 1.4.0),
# which cites AdGuard's TrackParamFilter, ClearURLs and Firefox's query-stripping
# list. Restated as data: a name is a tracker when it starts with one of
# TRACKER_PREFIXES, or when one of its tokens (split on "_", "-" and ".") is a
# TRACKER_TOKENS word, alone or followed by "id". courlan matches a token that merely
# begins with such a word ("gallery", "glossary", "reference", "sources"); those names
# are kept here: docs/urls.md lists the differences.

#: courlan's anchored alternatives: click ids (``^(?:dc|fbc|gc|twc|yc|ysc)lid``,
#: ``^(?:click|gbra|msclk|igsh|partner|wbra)id``) and campaign families
#: (``^(?:ads?|mc|ga|gs|itm|mkt|ml|mtm|oly|pk|utm|vero)_``).
TRACKER_PREFIXES = (
    "dclid", "fbclid", "gclid", "twclid", "yclid", "ysclid",
    "clickid", "gbraid", "msclkid", "igshid", "partnerid", "wbraid",
    "ad_", "ads_", "mc_", "ga_", "gs_", "itm_", "mkt_", "ml_", "mtm_", "oly_", "pk_",
    "utm_", "vero_",
)

#: courlan's unanchored words (``aff|affi|affiliate|campaign|cl?id|eid|ga|gl|kwd|
#: keyword|medium|ref|referr?er|session|source|uid|xtor``), matched as whole tokens.
TRACKER_TOKENS = frozenset({
    "aff", "affi", "affiliate", "campaign", "cid", "clid", "eid", "ga", "gl", "kwd",
    "keyword", "medium", "ref", "referer", "referrer", "session", "source", "uid", "xtor",
})

#: The language parameters the language filter reads; strict mode keeps them.
#: courlan's ``LANG_PARAMS``.
LANGUAGE_PARAMS = frozenset({"lang", "language"})

#: Strict mode's content-identifying allowlist: courlan's ``ALLOWED_PARAMS`` plus the
#: language parameters and a few article/story/video ids of the same kind (``v`` is
#: YouTube's video id, without which a watch URL names no video).
STRICT_ALLOW = frozenset({
    "aid", "article_id", "articleid", "artnr", "id", "itemid", "objectid", "p", "page",
    "pagenum", "page_id", "pid", "post", "postid", "post_id", "product_id", "newsid",
    "news_id", "storyid", "story_id", "nid", "v",
}) | LANGUAGE_PARAMS
