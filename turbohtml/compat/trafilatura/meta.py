"""trafilatura's ``meta`` module: ``reset_caches``, which empties the module-wide
caches of the compat modules (the deduplication counts and hashes, the stoplists)."""

import gc

from turbohtml.compat import MIRRORED
from turbohtml.compat.justext.utils import get_stoplist
from turbohtml.compat.trafilatura.deduplication import clear_caches

__version__ = MIRRORED["trafilatura"]

__all__ = ["reset_caches"]


def reset_caches() -> None:
    """Empty the caches (memory back to the collector): what trafilatura's does for its own."""
    clear_caches()
    get_stoplist.cache_clear()
    gc.collect()
