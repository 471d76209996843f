"""trafilatura 2.3.1's package surface over turbohtml (``turbohtml.compat.trafilatura``).

Same names, signatures and module paths as trafilatura (``.core``, ``.settings``,
``.downloads``, ``.utils``, ``.baseline``, ``.metadata``, ``.cli``, ``.xml``); the content body
comes from turbohtml's scoring. Differences: docs/migration/trafilatura.md.
"""

import logging

from turbohtml.compat import MIRRORED
from turbohtml.compat.trafilatura import xml  # noqa: F401  (``from trafilatura import xml``, as upstream)
from turbohtml.compat.trafilatura.baseline import baseline, html2txt
from turbohtml.compat.trafilatura.core import bare_extraction, extract, extract_metadata, extract_with_metadata
from turbohtml.compat.trafilatura.downloads import fetch_response, fetch_url
from turbohtml.compat.trafilatura.settings import Document
from turbohtml.compat.trafilatura.utils import load_html

__version__ = MIRRORED["trafilatura"]

logging.getLogger("turbohtml.compat.trafilatura").addHandler(logging.NullHandler())

__all__ = [
    "Document",
    "bare_extraction",
    "baseline",
    "extract",
    "extract_metadata",
    "extract_with_metadata",
    "fetch_response",
    "fetch_url",
    "html2txt",
    "load_html",
]
