"""The compat modules' public surface against the originals installed beside them (the
bench extra pins trafilatura 2.3.1, jusText 3.0.2, htmldate 1.11.0, courlan 1.4.0 and
w3lib 2.5.0): every public name of the original's module is ours too, with the same
parameters (names, kinds, defaults), and each module names the version it mirrors.

Public names are the original module's ``__all__``; a module without one contributes the
functions and classes it defines whose names do not start with ``_`` and that ours
provides (its documented helpers are listed in ``DOCUMENTED`` and required). Ours may add
trailing parameters with defaults (``canonicalize_url(w3lib_compatible=False)``)."""

from __future__ import annotations

import importlib
import inspect
from typing import Any

import pytest

VERSIONS = {"trafilatura": "2.3.1", "justext": "3.0.2", "htmldate": "1.11.0", "courlan": "1.4.0", "w3lib": "2.5.0"}

#: original module -> our module paths mirrored
MODULES = [
    "trafilatura", "trafilatura.baseline", "trafilatura.cli", "trafilatura.core", "trafilatura.deduplication",
    "trafilatura.downloads", "trafilatura.external", "trafilatura.feeds", "trafilatura.meta", "trafilatura.metadata",
    "trafilatura.settings", "trafilatura.sitemaps", "trafilatura.spider", "trafilatura.utils", "trafilatura.xml",
    "justext", "justext.core", "justext.paragraph", "justext.utils",
    "htmldate", "htmldate.core", "htmldate.extractors", "htmldate.utils", "htmldate.validators",
    "courlan", "courlan.clean", "courlan.core", "courlan.filters", "courlan.sampling", "courlan.urlstore",
    "courlan.urlutils",
    "w3lib", "w3lib.url",
]

#: names the originals' documentation presents (trafilatura's "Core functions",
#: "Deduplication", "Downloads" and "Web crawling" pages, jusText's README, htmldate's
#: "Core functions" page), where the module has no ``__all__`` to say so
DOCUMENTED = {
    "trafilatura.core": ["bare_extraction", "extract", "extract_comments", "extract_with_metadata"],
    "trafilatura.deduplication": ["LRUCache", "Simhash", "content_fingerprint", "duplicate_test"],
    "trafilatura.downloads": ["add_to_compressed_dict", "buffered_downloads", "fetch_response", "fetch_url",
                              "load_download_buffer"],
    "trafilatura.external": ["try_justext", "try_readability"],
    "trafilatura.feeds": ["find_feed_urls"],
    "trafilatura.meta": ["reset_caches"],
    "trafilatura.settings": ["Document", "Extractor", "use_config"],
    "trafilatura.sitemaps": ["sitemap_search"],
    "trafilatura.spider": ["focused_crawler", "is_still_navigation"],
    "trafilatura.utils": ["decode_file", "load_html", "sanitize", "trim"],
    "trafilatura.xml": ["validate_tei", "xmltotxt"],
    "justext": ["justext", "get_stoplist", "get_stoplists"],
    "justext.core": ["justext", "ParagraphMaker", "classify_paragraphs", "revise_paragraph_classification",
                     "html_to_dom", "preprocessor"],
    "justext.paragraph": ["Paragraph"],
    "htmldate.core": ["examine_header", "find_date", "search_page"],
    "htmldate.extractors": ["custom_parse", "external_date_parser", "extract_url_date", "regex_parse",
                            "try_date_expr"],
    "htmldate.utils": ["fetch_url", "load_html"],
    "htmldate.validators": ["is_valid_date"],
}


def _original(path: str) -> Any:
    pytest.importorskip(path.split(".")[0])
    return importlib.import_module(path)


def _public(module: Any, ours: Any) -> list[str]:
    names = getattr(module, "__all__", None)
    if names is not None:
        return list(names)
    defined = [name for name, value in vars(module).items()
               if not name.startswith("_") and (inspect.isfunction(value) or inspect.isclass(value))
               and getattr(value, "__module__", None) == module.__name__]
    return sorted({*(name for name in defined if hasattr(ours, name)), *DOCUMENTED.get(module.__name__, ())})


def _default(value: Any) -> Any:
    """A default as compared: a value, or the type of an object (a ConfigParser instance)."""
    if value is inspect.Parameter.empty or isinstance(value, (bool, int, float, str, bytes, tuple, frozenset,
                                                              type(None))):
        return value
    return type(value).__name__


def _parameters(function: Any) -> list[tuple[str, Any, Any]] | None:
    try:
        signature = inspect.signature(function)
    except (TypeError, ValueError):  # a builtin without a text signature
        return None
    return [(p.name, p.kind, _default(p.default)) for p in signature.parameters.values()]


def _callables(name: str, original: Any, ours: Any) -> list[tuple[str, Any, Any]]:
    """``name`` itself and, for a class, its public methods and ``__init__``."""
    pairs = [(name, original, ours)]
    if inspect.isclass(original):
        for attribute, value in vars(original).items():
            if callable(value) and (attribute == "__init__" or not attribute.startswith("_")):
                pairs.append((f"{name}.{attribute}", value, getattr(ours, attribute, None)))
    return pairs


def _differences(path: str) -> list[str]:
    original = _original(path)
    ours = importlib.import_module(f"turbohtml.compat.{path}")
    found = []
    for name in _public(original, ours):
        if not hasattr(ours, name):
            found.append(f"{name}: missing")
            continue
        if not callable(getattr(original, name)):
            continue
        for label, theirs, mine in _callables(name, getattr(original, name), getattr(ours, name)):
            expected = _parameters(theirs)
            if mine is None:
                found.append(f"{label}: missing")
                continue
            got = _parameters(mine)
            if expected is None or got is None:
                continue
            extra = got[len(expected):]
            if got[:len(expected)] != expected or any(default is inspect.Parameter.empty for *_, default in extra):
                found.append(f"{label}: {inspect.signature(theirs)} != {inspect.signature(mine)}")
    return found


@pytest.mark.parametrize("path", MODULES)
def test_same_names_and_parameters(path):
    assert _differences(path) == []


@pytest.mark.parametrize("path", MODULES)
def test_version(path):
    package = path.split(".")[0]
    ours = importlib.import_module(f"turbohtml.compat.{path}")
    assert ours.__version__ == VERSIONS[package] == _original(package).__version__


def test_comparison_sees_a_difference():
    """The comparison itself: a changed default, a missing name and an added required parameter are reported."""
    def original(url, keep=True, *, sep="&"):
        pass

    assert _parameters(original) != _parameters(lambda url, keep=False, *, sep="&": None)
    assert _parameters(original) == _parameters(lambda url, keep=True, *, sep="&": None)
    assert _default(object()) == "object" and _default(3) == 3
