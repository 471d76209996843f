"""``w3lib``'s URL module, ``w3lib.url``, under ``turbohtml.compat.w3lib.url``.

    from turbohtml.compat.w3lib.url import canonicalize_url, safe_url_string

The package re-exports the URL functions too, so ``from turbohtml.compat.w3lib import
canonicalize_url`` (the older import line) keeps working. See docs/migration/w3lib.md.
"""

from turbohtml.compat import MIRRORED
from turbohtml.compat.w3lib import url
from turbohtml.compat.w3lib.url import (
    ParseDataURIResult,
    add_http_if_no_scheme,
    add_or_replace_parameter,
    add_or_replace_parameters,
    any_to_uri,
    canonicalize_url,
    file_uri_to_path,
    is_url,
    parse_data_uri,
    path_to_file_uri,
    safe_download_url,
    safe_url_string,
    url_query_cleaner,
    url_query_parameter,
)

__version__ = MIRRORED["w3lib"]

__all__ = ["url", *url.__all__]  # noqa: PLE0604 -- the module and its functions
