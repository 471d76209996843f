"""Sanitizer: an allowlisted, re-parse-stable HTML fragment out of untrusted markup or a node.

The default policy is bleach's default allowlist (bleach 6: a handful of inline tags,
``href``/``title`` on links, http/https/mailto URLs, disallowed tags escaped, comments
dropped), so ``Sanitizer().sanitize(html)`` is a drop-in for ``bleach.clean(html)``. The
work happens on lexbor's tree, the one a browser builds, in one C walk
(``turbohtml._clean``); docs/howto/sanitize.md lists where the output differs from
bleach's and why.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from turbohtml._clean import Rules, sanitize_markup, sanitize_tree
from turbohtml._core import Node

__all__ = ["BLEACH_ATTRIBUTES", "BLEACH_PROTOCOLS", "BLEACH_TAGS", "Policy", "Sanitizer"]

#: bleach 6's ``ALLOWED_TAGS``.
BLEACH_TAGS = frozenset(
    {"a", "abbr", "acronym", "b", "blockquote", "code", "em", "i", "li", "ol", "strong", "ul"}
)
#: bleach 6's ``ALLOWED_ATTRIBUTES``.
BLEACH_ATTRIBUTES: Mapping[str, frozenset[str]] = MappingProxyType(
    {"a": frozenset({"href", "title"}), "abbr": frozenset({"title"}), "acronym": frozenset({"title"})}
)
#: bleach 6's ``ALLOWED_PROTOCOLS``.
BLEACH_PROTOCOLS = frozenset({"http", "https", "mailto"})

# Elements a policy may not allow: raw-text and escapable-raw-text elements, foreign
# (SVG/MathML) roots, scripting, embedding, forms and document-level elements. Their
# content is parsed by rules a fragment cannot keep, so they are the mutation-XSS
# vectors (bleach's GHSA-m6xf-fq7q-8743, GHSA-vv2x-vrpj-qqpq) or run code outright.
FORBIDDEN_TAGS = frozenset(
    {
        "applet", "base", "basefont", "bgsound", "body", "button", "embed", "form", "frame",
        "frameset", "head", "html", "iframe", "image", "input", "isindex", "keygen", "link",
        "listing", "marquee", "math", "menuitem", "meta", "nobr", "noembed", "noframes",
        "noscript", "object", "optgroup", "option", "param", "plaintext", "portal", "script",
        "select", "slot", "style", "svg", "template", "textarea", "title", "xmp",
    }
)
# Attributes a policy may not allow: event handlers (on*), CSS (not parsed here), and
# attributes holding a whole document or a form target.
FORBIDDEN_ATTRIBUTE = re.compile(r"on.*|style|srcdoc|formaction|xmlns(:.*)?|is\Z")
# Schemes that run or embed code, refused in a policy's protocols.
FORBIDDEN_PROTOCOLS = frozenset({"javascript", "vbscript", "data", "livescript", "mocha"})
# Attributes whose values are URLs (bleach's attr_val_is_uri, plus srcset and the
# attributes HTML added since), each checked against the policy's protocols.
URL_ATTRIBUTES = (
    "action", "background", "cite", "codebase", "data", "dynsrc", "href", "icon", "longdesc",
    "lowsrc", "manifest", "ping", "poster", "src", "srcset", "xlink:href", "xml:base",
)
# Disallowed elements whose content goes with them when tags are stripped (not escaped):
# code and style sheets are not text a reader should see.
DROP_CONTENT = ("script", "style", "template", "noscript", "iframe", "noembed", "noframes",
                "xmp", "textarea", "title", "object", "svg", "math", "select")

_TAG_NAME = re.compile(r"[a-z][a-z0-9-]*\Z")
_ATTRIBUTE_NAME = re.compile(r"[a-z][a-z0-9_.:-]*\Z")
_SCHEME = re.compile(r"[a-z][a-z0-9+.-]*\Z")
_TOKEN = re.compile(r"[A-Za-z0-9_ -]*\Z")


def _names(value: object, what: str, pattern: re.Pattern[str]) -> frozenset[str]:
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise TypeError(f"Policy.{what} must be a collection of str, not {type(value).__name__}")
    names = set()
    for name in value:
        if not isinstance(name, str):
            raise TypeError(f"Policy.{what} must hold str, found {type(name).__name__}")
        lowered = name.lower()
        if not pattern.match(lowered):
            raise ValueError(f"Policy.{what}: {name!r} is not a valid name")
        names.add(lowered)
    return frozenset(names)


@dataclass(frozen=True, slots=True)
class Policy:
    """What a Sanitizer keeps. Defaults are bleach 6's ``clean()`` defaults.

    ``tags``: element names written as elements. ``attributes``: per tag name, the
    attribute names kept on it (``"*"`` for every allowed tag). ``protocols``: URL schemes
    allowed in URL attributes (a URL with no scheme passes when http or https is listed;
    a bare ``#fragment`` always). ``strip``: drop disallowed tags (keeping their text)
    instead of showing them escaped. ``strip_comments``: drop comments. ``link_rel`` /
    ``link_target``: when set, every kept ``<a>`` gets this ``rel`` / ``target`` in place
    of its own (``"nofollow noopener"``, ``"_blank"``).
    """

    tags: frozenset[str] = BLEACH_TAGS
    attributes: Mapping[str, frozenset[str]] = field(default_factory=lambda: BLEACH_ATTRIBUTES)
    protocols: frozenset[str] = BLEACH_PROTOCOLS
    strip: bool = False
    strip_comments: bool = True
    link_rel: str | None = None
    link_target: str | None = None

    def __post_init__(self) -> None:
        tags = _names(self.tags, "tags", _TAG_NAME)
        refused = sorted(tags & FORBIDDEN_TAGS)
        if refused:
            raise ValueError(f"Policy.tags: {', '.join(refused)} cannot be made safe in a fragment")
        if not isinstance(self.attributes, Mapping):
            raise TypeError(f"Policy.attributes must be a mapping, not {type(self.attributes).__name__}")
        attributes: dict[str, frozenset[str]] = {}
        for tag, names in self.attributes.items():
            if not isinstance(tag, str):
                raise TypeError(f"Policy.attributes keys must be str, found {type(tag).__name__}")
            key = tag.lower()
            if key != "*" and not _TAG_NAME.match(key):
                raise ValueError(f"Policy.attributes: {tag!r} is not a tag name or '*'")
            allowed = _names(names, f"attributes[{tag!r}]", _ATTRIBUTE_NAME)
            bad = sorted(name for name in allowed if FORBIDDEN_ATTRIBUTE.match(name))
            if bad:
                raise ValueError(f"Policy.attributes[{tag!r}]: {', '.join(bad)} cannot be made safe")
            attributes[key] = attributes.get(key, frozenset()) | allowed
        protocols = _names(self.protocols, "protocols", _SCHEME)
        refused = sorted(protocols & FORBIDDEN_PROTOCOLS)
        if refused:
            raise ValueError(f"Policy.protocols: {', '.join(refused)} URLs run code")
        for name in ("strip", "strip_comments"):
            if not isinstance(getattr(self, name), bool):
                raise TypeError(f"Policy.{name} must be bool, not {type(getattr(self, name)).__name__}")
        for name in ("link_rel", "link_target"):
            value = getattr(self, name)
            if value is not None and (not isinstance(value, str) or not _TOKEN.match(value)):
                raise ValueError(f"Policy.{name} must be None or words of [A-Za-z0-9_-], got {value!r}")
        object.__setattr__(self, "tags", tags)
        object.__setattr__(self, "attributes", MappingProxyType(attributes))
        object.__setattr__(self, "protocols", protocols)

    def __hash__(self) -> int:
        return hash((self.tags, tuple(sorted(self.attributes.items())), self.protocols,
                     self.strip, self.strip_comments, self.link_rel, self.link_target))

    def _rules(self) -> Rules:
        tags = sorted(self.tags)
        index = {tag: i for i, tag in enumerate(tags)}
        attrs: list[tuple[int, bytes]] = []
        for tag, names in sorted(self.attributes.items()):
            if tag == "*":
                attrs.extend((-1, name.encode()) for name in sorted(names))
            elif tag in index:
                attrs.extend((index[tag], name.encode()) for name in sorted(names))
        return Rules(
            [tag.encode() for tag in tags],
            attrs,
            [name.encode() for name in URL_ATTRIBUTES],
            [scheme.encode() for scheme in sorted(self.protocols)],
            bool(self.protocols & {"http", "https"}),
            self.strip,
            self.strip_comments,
            (self.link_rel or "").encode(),
            (self.link_target or "").encode(),
            [tag.encode() for tag in DROP_CONTENT],
        )


class Sanitizer:
    """Scrubs HTML down to a Policy. Immutable once built: share one across threads.

    >>> from turbohtml.clean import Sanitizer
    >>> Sanitizer().sanitize('<a href="javascript:alert(1)" onclick="x()">hi</a><script>x</script>')
    '<a>hi</a>&lt;script&gt;x&lt;/script&gt;'
    """

    __slots__ = ("_policy", "_rules")

    def __init__(self, policy: Policy | None = None) -> None:
        if policy is None:
            policy = Policy()
        if not isinstance(policy, Policy):
            raise TypeError(f"policy must be a turbohtml.clean.Policy or None, not {type(policy).__name__}")
        self._policy = policy
        self._rules = policy._rules()

    @property
    def policy(self) -> Policy:
        return self._policy

    def sanitize(self, html: str) -> str:
        """The fragment ``html`` (parsed as the content of a ``<body>``), sanitized."""
        if not isinstance(html, str):
            raise TypeError(f"sanitize() takes str, not {type(html).__name__}")
        return sanitize_markup(self._rules, html)

    def sanitize_node(self, node: Node) -> str:
        """``node`` and its subtree, sanitized (a Document: its body's content)."""
        if not isinstance(node, Node):
            raise TypeError(f"sanitize_node() takes a turbohtml Node, not {type(node).__name__}")
        return sanitize_tree(self._rules, node)

    def __repr__(self) -> str:
        return f"Sanitizer({self._policy!r})"
