"""``courlan.sampling``: ``sample_urls``, a per-host sample of a URL list."""

from __future__ import annotations

import logging
from random import sample

from turbohtml.compat import MIRRORED
from turbohtml.compat.courlan.core import check_url
from turbohtml.compat.courlan.urlutils import get_host_and_path

__version__ = MIRRORED["courlan"]

__all__ = ["sample_urls"]

LOGGER = logging.getLogger(__name__)


def sample_urls(input_urls: list[str], samplesize: int, exclude_min: int | None = None,
                exclude_max: int | None = None, strict: bool = False, verbose: bool = False) -> list[str]:
    """At most ``samplesize`` URLs per host, hosts with fewer than ``exclude_min`` or
    more than ``exclude_max`` URLs left out; home pages are not sampled. ``verbose``
    is a no-op: messages go to this module's logger."""
    by_host: dict[str, list[str]] = {}
    for url in input_urls:
        checked = check_url(url, strict=strict, with_nav=True)
        if checked is None:
            continue
        host, path = get_host_and_path(checked[0])
        paths = by_host.setdefault(host, [])
        if path != "/" and path not in paths:
            paths.append(path)
    output: list[str] = []
    for host, paths in by_host.items():
        if not paths or (exclude_min is not None and len(paths) < exclude_min) or (
                exclude_max is not None and len(paths) > exclude_max):
            LOGGER.info("discarded (size): %s\t\turls: %s", host, len(paths))
            continue
        chosen = sorted(sample(paths, k=samplesize)) if len(paths) > samplesize else paths
        output.extend(host + path for path in chosen)
    return output
