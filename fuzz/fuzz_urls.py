#!/usr/bin/env python3
"""Fuzz the URL helpers: ``clean_url`` (``str | None``, never raises for a str, result
a fixed point), ``normalize_url`` (``str`` or ``ValueError``, result a fixed point) and
``extract_links`` on pages whose links the fuzzer writes, with every ``UrlCleaning``
variant of ``contract.py``."""

import sys

import _instrument  # noqa: F401
import atheris
import common
import contract


def TestOneInput(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    which = fdp.ConsumeIntInRange(0, 99)
    urls = [common.url_from(fdp) for _ in range(fdp.ConsumeIntInRange(1, 4))]
    for url in urls:
        contract.check_url(url, which)
    if which % 4 == 0:  # links in a page, against a base URL (maybe a broken one)
        base = urls[0] if which % 8 == 0 else contract.BASE_URLS[which % len(contract.BASE_URLS)]
        page = "".join(f'<a href="{u}" hreflang="{("de", "en", "x-default", "")[i % 4]}">l</a>'
                       f'<base href="{urls[-1]}">' * (i == 3) for i, u in enumerate(urls))
        contract.check_extract_links(page, base, which)


if __name__ == "__main__":
    atheris.Setup(sys.argv, TestOneInput)
    atheris.Fuzz()
