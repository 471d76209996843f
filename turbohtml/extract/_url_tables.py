"""Query-parameter tables for the URL helpers: data only, each list citing what it follows.

Every name is compared against the percent-decoded, lower-cased parameter name.
"""

from __future__ import annotations

__all__ = [
    "LANGUAGE_PARAMS",
    "STRICT_ALLOW",
    "TRACKER_NAMES",
    "TRACKER_PREFIXES",
    "TRACKER_TOKENS",
    "TRACKER_TRAILING_TOKENS",
]

#: Click identifiers and campaign tags known by exact name. Follows courlan's
#: ``TRACKERS_RE`` (which cites AdGuard's TrackParamFilter, ClearURLs and Firefox's
#: query-stripping list) and adds the ad-network ids those lists name.
TRACKER_NAMES = frozenset({
    # ad-network click ids
    "fbclid", "gclid", "gclsrc", "dclid", "gbraid", "wbraid", "msclkid", "yclid",
    "ysclid", "twclid", "ttclid", "li_fat_id", "igshid", "igsh", "srsltid", "epik",
    "rb_clickid", "wickedid", "clickid", "partnerid", "s_cid", "cmpid", "ncid",
    # mailing and marketing automation (Mailchimp, HubSpot, Marketo, Vero, Olytics)
    "mc_cid", "mc_eid", "_hsenc", "_hsmi", "__hssc", "__hstc", "__hsfp", "hsctatrack",
    "mkt_tok", "oly_anon_id", "oly_enc_id", "vero_id", "vero_conv", "__s", "_ke",
    "_openstat", "spm",
    # share-button and referral tags (Facebook, Twitter/X)
    "fb_action_ids", "fb_action_types", "fb_source", "fb_ref", "action_object_map",
    "action_type_map", "action_ref_map", "ref_src", "ref_url", "xtor",
    # analytics cross-domain linkers
    "_ga", "_gl",
    # session ids: never part of a resource's identity
    "phpsessid", "jsessionid", "sessionid", "session_id", "aspsessionid", "cfid", "cftoken",
})

#: Families of campaign parameters by prefix: courlan's ``^(?:ads?|mc|ga|gs|itm|mkt|ml|
#: mtm|oly|pk|utm|vero)_`` plus the Matomo/Piwik and HubSpot spellings.
TRACKER_PREFIXES = (
    "utm_", "mtm_", "pk_", "piwik_", "matomo_", "hsa_", "ad_", "ads_", "mc_", "ga_",
    "gs_", "itm_", "mkt_", "ml_", "oly_", "vero_", "stm_",
)

#: Words that mark a compound name as tracking wherever they appear among its
#: ``_``/``-``/``.``-separated tokens (courlan's ``aff|affi|affiliate|campaign|xtor``),
#: so ``this_affiliate`` and ``campaign`` go.
TRACKER_TOKENS = frozenset({
    "aff", "affi", "affid", "affiliate", "affiliateid", "campaign", "campaignid", "xtor",
    "clickid", "fbclid", "gclid",
})

#: Words that mark tracking only after a first token (courlan matches them anywhere,
#: which also drops ``?ref=main`` on GitHub or ``?source=`` on archives): ``fb_ref``,
#: ``aftr_source`` and ``mtm_keyword`` go, a bare ``ref`` or ``source`` stays.
TRACKER_TRAILING_TOKENS = frozenset({
    "ref", "referrer", "referer", "source", "medium", "campaign", "keyword", "kwd",
    "term", "cid", "clid", "eid", "uid", "session", "sessionid",
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
