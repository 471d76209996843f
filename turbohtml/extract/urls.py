"""URL helpers: ``normalize_url``, ``clean_url`` and ``extract_links``.

Every URL goes through lexbor's WHATWG parser (``turbohtml._core.url_split``), which
applies the standard's component rules. This module adds only the product's extras on
top of the parsed components: query parameters sorted and filtered (trackers, strict
allowlist, ``query_allow``/``query_deny``), a query-shaped fragment scrubbed, the
trailing-slash and fragment switches, the language filter, the scrape-damage scrub and
the link walk. Whatever is derived from a ``UrlCleaning`` is computed once per distinct
options object (``_plan``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from urllib.parse import unquote_plus

from turbohtml._core import UrlBase, parse, url_link_attrs, url_split
from turbohtml.extract._url_tables import LANGUAGE_PARAMS, STRICT_ALLOW, TRACKER_PREFIXES, TRACKER_TOKENS
from turbohtml.extract.options import ISO_639_1, UrlCleaning

__all__ = ["clean_url", "extract_links", "normalize_url"]

_DEFAULT = UrlCleaning()

# ---------------------------------------------------------------- options, once each

_TOKEN_SPLIT = re.compile(r"[_\-.]")


def is_tracker(name: str) -> bool:
    """Whether a decoded, lower-cased parameter name is a known tracking parameter
    (courlan's vocabulary, see ``_url_tables``)."""
    if name.startswith(TRACKER_PREFIXES):
        return True
    for token in _TOKEN_SPLIT.split(name):
        if token in TRACKER_TOKENS or (token[-2:] == "id" and token[:-2] in TRACKER_TOKENS):
            return True
    return False


class _Plan:
    """What one ``UrlCleaning`` means for a URL, derived once (see ``_plan``)."""

    __slots__ = ("drop_fragment", "keep", "language", "trailing_slash", "_verdicts")

    def __init__(self, options: UrlCleaning) -> None:
        self.drop_fragment = options.strict or options.strip_fragment
        self.trailing_slash = options.trailing_slash
        self.language = options.language
        self._verdicts: dict[str, bool] = {}
        deny = options.query_deny
        allow = options.query_allow
        rule: Callable[[str], bool]
        if allow is not None:
            rule = allow.__contains__
        elif options.strict:
            rule = STRICT_ALLOW.__contains__
        else:
            def rule(name: str) -> bool:
                return not is_tracker(name)
        if deny:
            base_rule = rule

            def rule(name: str) -> bool:
                return name not in deny and base_rule(name)
        self.keep = self._memoized(rule)

    def _memoized(self, rule: Callable[[str], bool]) -> Callable[[str], bool]:
        verdicts = self._verdicts

        def keep(name: str) -> bool:
            verdict = verdicts.get(name)
            if verdict is None:
                if len(verdicts) >= 4096:  # bounded: names are open-ended on the web
                    verdicts.clear()
                verdict = verdicts[name] = rule(name)
            return verdict

        return keep


_PLANS: dict[UrlCleaning, _Plan] = {}


def _plan(options: UrlCleaning | None) -> _Plan:
    if options is None:
        return _DEFAULT_PLAN
    if not isinstance(options, UrlCleaning):  # before the lookup: a dict is unhashable
        raise TypeError(f"options must be UrlCleaning or None, not {type(options).__name__}")
    plan = _PLANS.get(options)
    if plan is None:
        if len(_PLANS) >= 256:
            _PLANS.clear()
        plan = _PLANS[options] = _Plan(options)
    return plan


_DEFAULT_PLAN = _plan(_DEFAULT)

# ---------------------------------------------------------------- the extras

def _param_name(pair: str) -> str:
    """The decoded, lower-cased name of one ``name=value`` pair."""
    name = pair.partition("=")[0]
    if "%" in name or "+" in name:
        name = unquote_plus(name)
    return name.lower()


def _sort_key(pair: str) -> tuple[str, str]:
    """Name, then value, both decoded: w3lib's ``canonicalize_url`` order, so a repeated
    name's values (``b=5&b=2``) come out in one order too."""
    name, _, value = pair.partition("=")
    if "%" in name or "+" in name:
        name = unquote_plus(name)
    if "%" in value or "+" in value:
        value = unquote_plus(value)
    return name, value


def _filter_query(query: str, plan: _Plan, sort: bool) -> str:
    """Drop empty, tracking or unwanted pairs; sort by name and value when asked."""
    keep = plan.keep
    pairs = [pair for pair in query.split("&") if pair and keep(_param_name(pair))]
    if sort and len(pairs) > 1:
        pairs.sort(key=_sort_key)
    return "&".join(pairs)


# name[=value] pairs whose names look like form fields: "a=1&b", not "/route?x=1" or a
# text fragment ":~:text=...".
_QUERY_SHAPED = re.compile(r"[\w.\-\[\]%+]+(?:=[^&]*)?(?:&(?:[\w.\-\[\]%+]+(?:=[^&]*)?)?)*")


def _scrub_fragment(fragment: str, plan: _Plan) -> str:
    if "=" not in fragment or not _QUERY_SHAPED.fullmatch(fragment):
        return fragment
    return _filter_query(fragment, plan, False)


def _assemble(plan: _Plan, scheme: str, path: str, head: str, query: str | None,
              fragment: str | None, keep_empty: bool = True) -> str:
    """The URL from its normalized parts. An empty query or fragment the URL spells
    (``p?``, ``p#``) stays, as the standard serializes it, when ``keep_empty``; one
    emptied by the filters goes, with its ``?``/``#``."""
    if query:
        query = _filter_query(query, plan, True)
        if not query:
            query = None
    if not plan.trailing_slash and not query and len(path) > 1 and path[-1] == "/":
        trimmed = path.rstrip("/")
        last = trimmed.rpartition("/")[2]
        if trimmed and last not in (".", "..") and (path[0] == "/" or not scheme):
            head = head[: len(head) - (len(path) - len(trimmed))]
    if query is not None and (query or keep_empty):
        head = f"{head}?{query}"
    if fragment is not None and not plan.drop_fragment:
        if fragment:
            fragment = _scrub_fragment(fragment, plan)
            if fragment:
                head = f"{head}#{fragment}"
        elif keep_empty:
            head = f"{head}#"
    return head


# WordPress escapes "&" in hrefs it has already escaped: "&#038;" and "&#x26;" left in
# a URL would start a fragment at their "#".
_NUMERIC_AMP = re.compile(r"&#(?:0*38|[xX]0*26);")


def normalize_url(url: str, options: UrlCleaning | None = None, /) -> str:
    """Return the canonical form of a URL, so two spellings of one resource compare equal.

    The WHATWG URL Standard does the component rules (lexbor's parser): case, IDNA,
    default port, dot segments, percent-encoding with upper-case hex. On top, query
    parameters are sorted (by name, then value) and filtered per ``options`` (trackers
    dropped by default), and a query-shaped fragment is scrubbed the same way; an empty
    query or fragment the URL spells (``p?``, ``p#``) is kept, as the standard
    serializes it, while one the filters empty is dropped. ``&#038;``/``&#x26;`` (an
    ``&`` escaped twice, as WordPress writes it) are read as ``&`` first. A relative
    reference keeps its shape. ``options.language`` is ignored: normalizing never
    rejects.

    Raises ``TypeError`` for a non-str URL or options that are not a ``UrlCleaning``,
    ``ValueError`` when the standard rejects the URL (e.g. an unclosed IPv6 bracket)
    or it holds a lone surrogate.
    """
    if not isinstance(url, str):
        raise TypeError(f"normalize_url() takes a str, not {type(url).__name__}")
    plan = _plan(options)
    if "&#" in url:
        url = _NUMERIC_AMP.sub("&", url)
    scheme, _host, path, head, query, fragment = url_split(url)
    return _assemble(plan, scheme, path, head, query, fragment)


# ---------------------------------------------------------------- clean_url

# Controls and whitespace a scraper leaves around or inside a URL (C0, space, DEL and
# the Unicode spaces str.split() knows).
_SURROUNDING = "".join(map(chr, range(0x21))) + "\x7f"
_STRAY = re.compile(r'[<>"]')
_AMP_ESCAPE = re.compile(r"&(?:(?:amp|#0*38|#x0*26);)+", re.IGNORECASE)  # &amp;amp; too
_LANG_SEGMENT = re.compile(r"/([A-Za-z]{2})(?:[-_][A-Za-z]{2,3})?(?:/|$)")
_PRIMARY_SUBTAG = re.compile(r"[-_]")
# LDH labels (plus "_", common in real subdomains), no hyphen at either end; written
# without nested ambiguity so it runs in linear time.
_HOST_NAME = re.compile(r"[a-z0-9_]+(?:-+[a-z0-9_]+)*(?:\.[a-z0-9_]+(?:-+[a-z0-9_]+)*)+")


# Anything _scrub could change; most real hrefs have none of it.
_DAMAGE = re.compile(r'[\x00-\x20\x7f<>"]|&[a#]|\s', re.IGNORECASE)


def _scrub(url: str) -> str:
    """Undo HTML transport damage: whitespace, CDATA, stray delimiters, ``&amp;``."""
    if _DAMAGE.search(url) is None:
        return url
    url = url.strip(_SURROUNDING).strip()
    if url.startswith("<![CDATA["):
        url = url[9:]
        end = url.find("]]>")
        if end >= 0:
            url = url[:end]
        url = url.strip(_SURROUNDING).strip()
    if " " in url or "\t" in url or "\n" in url or "\r" in url or "\f" in url:
        url = "".join(url.split())
    stray = _STRAY.search(url)
    if stray is not None:
        url = url[: stray.start()]
    if "&" in url:
        url = _AMP_ESCAPE.sub("&", url)
    return url


_TLDS: frozenset[str] | None = None


def _known_tlds() -> frozenset[str]:
    """Top-level labels of the Public Suffix List snapshot tldextract bundles (ASCII form)."""
    global _TLDS
    if _TLDS is None:
        labels = set()
        for suffix in _suffix_rules():
            label = suffix.rpartition(".")[2].lower()
            if not label.isascii():
                try:
                    label = "xn--" + label.encode("punycode").decode("ascii")
                except UnicodeError:
                    continue
            labels.add(label)
        _TLDS = frozenset(labels)
    return _TLDS


def _plausible_host(host: str | None) -> bool:
    """A host a crawler could fetch: an IP address, or a domain under a known TLD."""
    if not host:
        return False
    if host[0] == "[":
        return True  # lexbor already validated and compressed the IPv6 address
    if host[-1] == ".":
        host = host[:-1]
    labels = host.split(".")
    if len(labels) < 2:
        return False
    if labels[-1].isdigit():
        return len(labels) == 4  # lexbor serializes every IPv4 form as a dotted quad
    if labels[-1] not in (_TLDS or _known_tlds()):
        return False
    return _HOST_NAME.fullmatch(host) is not None and (len(host) <= 63 or max(map(len, labels)) <= 63)


def _primary_language(tag: str) -> str:
    return _PRIMARY_SUBTAG.split(tag, 1)[0].lower()


def _names_other_language(code: str, language: str) -> bool:
    return code != language and code in ISO_639_1


def _foreign(path: str, query: str | None, language: str) -> bool:
    """Whether a leading path segment or a lang/language parameter names another language."""
    match = _LANG_SEGMENT.match(path)
    if match and _names_other_language(match[1].lower(), language):
        return True
    if query:
        for pair in query.split("&"):
            if _param_name(pair) in LANGUAGE_PARAMS:
                value = pair.partition("=")[2]
                if "%" in value or "+" in value:
                    value = unquote_plus(value)
                if _names_other_language(_primary_language(value), language):
                    return True
    return False


def _clean(url: str, plan: _Plan, base: UrlBase | None,
           hosts: dict[str, bool] | None = None) -> tuple[str, str] | None:
    """``(cleaned URL, host)``, or None when the URL is not a fetchable web URL.

    ``hosts`` memoizes the host verdicts of one ``extract_links`` call.
    """
    url = _scrub(url)
    if not url:
        return None
    try:
        scheme, host, path, head, query, fragment = url_split(url, base)
    except ValueError:
        return None
    if (scheme != "https" and scheme != "http") or not host:  # no host: not fetchable
        return None
    plausible: bool | None
    if hosts is None:
        plausible = _plausible_host(host)
    else:
        plausible = hosts.get(host)
        if plausible is None:
            plausible = hosts[host] = _plausible_host(host)
    if not plausible:
        return None
    if plan.language is not None and _foreign(path, query, plan.language):
        return None
    return _assemble(plan, scheme, path, head, query, fragment, keep_empty=False), host


def clean_url(url: str, options: UrlCleaning | None = None, /) -> str | None:
    """Scrub a URL scraped from markup and normalize it, or ``None`` if nothing usable is left.

    Scraped URLs arrive damaged by their HTML transport, so this strips surrounding
    whitespace and controls (and embedded spaces), unwraps ``<![CDATA[...]]>``, cuts at
    a stray ``<``, ``>`` or ``"`` and undoes a leftover ``&amp;``. What survives must be
    an http(s) URL with a plausible host (an IP address or a domain under a Public Suffix
    List TLD) whose language markers pass ``options.language``; it is then returned
    through ``normalize_url()``. Raises ``TypeError`` for a non-str.
    """
    if not isinstance(url, str):
        raise TypeError(f"clean_url() takes a str, not {type(url).__name__}")
    cleaned = _clean(url, _plan(options), None)
    return None if cleaned is None else cleaned[0]


# ---------------------------------------------------------------- extract_links

_SUFFIX_RULES: frozenset[str] | None = None


def _suffix_rules() -> frozenset[str]:
    """The Public Suffix List's rules (ICANN and private sections, ``*.`` wildcards and
    ``!`` exceptions as written), from tldextract's bundled snapshot: never fetched,
    never cached on disk."""
    global _SUFFIX_RULES
    if _SUFFIX_RULES is None:
        import tldextract

        extractor = tldextract.TLDExtract(
            cache_dir=None, suffix_list_urls=(), fallback_to_snapshot=True, include_psl_private_domains=True)
        _SUFFIX_RULES = frozenset(extractor.tlds)
    return _SUFFIX_RULES


def _lookup_label(label: str) -> str:
    """A host label as the list writes it: punycode (``xn--``) labels decoded to Unicode."""
    if label.startswith("xn--"):
        try:
            return label.encode("ascii").decode("idna")
        except UnicodeError:
            return label
    return label


def registrable_domain(host: str) -> str:
    """The site of a host: its eTLD+1 by the Public Suffix List's algorithm (the longest
    matching rule, wildcards and exceptions, ``*`` by default), or the host itself for an
    IP address or a host that is a public suffix. A set lookup per label, so no memo is
    needed (no cache outlives its document)."""
    if host[:1] == "[" or host.replace(".", "").isdigit():
        return host
    rules = _suffix_rules()
    labels = host.rstrip(".").split(".")
    keys = [_lookup_label(label) for label in labels] if "xn--" in host else labels
    count = len(labels)
    start = count - 1  # the default rule "*": the last label is the suffix
    for index in range(count):
        suffix = ".".join(keys[index:])
        if "!" + suffix in rules:
            start = index + 1
            break
        if suffix in rules or (index + 1 < count and "*." + ".".join(keys[index + 1:]) in rules):
            start = index
            break
    if start == 0:
        return host
    return ".".join(labels[start - 1:])


def _twin_key(url: str) -> str:
    """Equal for the http/https and trailing-slash variants of one (normalized) link."""
    rest = url[url.index(":") + 1:]
    if "?" not in rest and "#" not in rest:
        return rest.rstrip("/")
    cut = len(rest)
    for mark in ("?", "#"):
        index = rest.find(mark)
        if 0 <= index < cut:
            cut = index
    return rest[:cut].rstrip("/") + rest[cut:]


def extract_links(html: str, base_url: str | None = None, options: UrlCleaning | None = None,
                  /, *, external_only: bool = False) -> set[str]:
    """Collect the cleaned page links of an HTML document, ``courlan.extract_links``'s successor.

    Links come from the parsed DOM (``<a>``/``<area>`` ``href``), not regex matches:
    ``rel=nofollow`` is skipped, and with ``options.language`` an ``hreflang`` naming
    another language too (``x-default`` passes). Each href is resolved against the
    document base URL (``<base href>`` over ``base_url``), cleaned like ``clean_url()``
    and deduplicated across http/https and trailing-slash twins, first occurrence
    winning. Without any base, relative links are dropped. ``external_only`` keeps links
    whose registrable domain (eTLD+1, from tldextract's bundled Public Suffix List,
    offline) differs from ``base_url``'s.

    Raises ``ValueError`` for ``external_only`` without ``base_url``, or a ``base_url``
    that is not a valid absolute URL.
    """
    if external_only and base_url is None:
        raise ValueError("extract_links(external_only=True) needs base_url to define external")
    plan = _plan(options)
    base = None
    if base_url is not None:
        if not isinstance(base_url, str):
            raise TypeError(f"base_url must be str or None, not {type(base_url).__name__}")
        base = UrlBase(base_url)
    base_href, anchors = url_link_attrs(parse(html))
    # HTML 4.2.3: the first <base href> in tree order, resolved against the fallback
    # base, applies to every link wherever it sits.
    if base_href is not None:
        try:
            base = UrlBase(base_href, base)
        except ValueError:
            pass  # an unusable <base href> leaves the fallback base in force
    home = None
    if external_only:
        home_host = UrlBase(base_url).host  # type: ignore[arg-type]
        home = registrable_domain(home_host) if home_host else ""
    language = plan.language
    seen: set[str] = set()
    links: set[str] = set()
    hosts: dict[str, bool] = {}  # per call: a page's links repeat a few hosts
    sites: dict[str, str] = {}
    for href, rel, hreflang in anchors:
        if not href:
            continue
        if rel is not None and "nofollow" in rel.lower().split():
            continue
        if language is not None and hreflang:
            hreflang = hreflang.strip().lower()
            if hreflang and hreflang != "x-default" and _names_other_language(
                    _primary_language(hreflang), language):
                continue
        cleaned = _clean(href, plan, base, hosts)
        if cleaned is None:
            continue
        link, host = cleaned
        key = _twin_key(link)
        if key in seen:
            continue
        seen.add(key)
        if home is not None:
            site = sites.get(host)
            if site is None:
                site = sites[host] = registrable_domain(host)
            if site == home:
                continue
        links.add(link)
    return links
