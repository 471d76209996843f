"""trafilatura's ``metadata`` module: ``extract_metadata`` and ``Document``."""

from turbohtml.compat import MIRRORED
from turbohtml.compat.trafilatura.core import extract_metadata
from turbohtml.compat.trafilatura.settings import Document

__version__ = MIRRORED["trafilatura"]

__all__ = ["Document", "extract_metadata"]
