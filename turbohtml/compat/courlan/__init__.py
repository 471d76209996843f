"""courlan 1.4.0's public names under ``turbohtml.compat.courlan``, with its module
paths (``courlan.core``, ``courlan.clean``, ``courlan.filters``, ``courlan.urlutils``,
``courlan.sampling``, ``courlan.urlstore``).

    from turbohtml.compat.courlan import check_url, clean_url, extract_links

Same arguments and return types as courlan; the normalization is turbohtml's WHATWG
one (docs/migration/courlan.md).
"""

from turbohtml.compat import MIRRORED
from turbohtml.compat.courlan.clean import clean_url, normalize_url, scrub_url
from turbohtml.compat.courlan.core import check_url, extract_links, filter_links
from turbohtml.compat.courlan.filters import (
    is_navigation_page,
    is_not_crawlable,
    is_valid_url,
    lang_filter,
    validate_url,
)
from turbohtml.compat.courlan.sampling import sample_urls
from turbohtml.compat.courlan.urlstore import UrlStore, load_store
from turbohtml.compat.courlan.urlutils import (
    extract_domain,
    filter_urls,
    fix_relative_urls,
    get_base_url,
    get_host_and_path,
    get_hostinfo,
    is_external,
)

__version__ = MIRRORED["courlan"]

__all__ = [
    "UrlStore",
    "check_url",
    "clean_url",
    "extract_domain",
    "extract_links",
    "filter_links",
    "filter_urls",
    "fix_relative_urls",
    "get_base_url",
    "get_host_and_path",
    "get_hostinfo",
    "is_external",
    "is_navigation_page",
    "is_not_crawlable",
    "is_valid_url",
    "lang_filter",
    "load_store",
    "normalize_url",
    "sample_urls",
    "scrub_url",
    "validate_url",
]
