#!/usr/bin/env python3
"""Fuzz the structured-data family: ``Document.microdata/opengraph/json_ld/
structured_data`` and ``turbohtml.extract.microdata/opengraph``, with fuzzer-made
base URLs (``ValueError`` is allowed only for a base URL that is not absolute)."""

import sys

import _instrument  # noqa: F401
import atheris
import common
import contract


def TestOneInput(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    which = fdp.ConsumeIntInRange(0, 99)
    base = common.url_from(fdp) if which % 4 == 3 else contract.BASE_URLS[which % len(contract.BASE_URLS)]
    markup, raw = common.build(fdp)
    doc = contract.check_parse(markup)
    contract.check_structured(doc, which)
    contract.check_extract_structured(markup, base)
    if raw is not None:
        contract.check_structured(contract.check_parse(raw), which)


if __name__ == "__main__":
    atheris.Setup(sys.argv, TestOneInput)
    atheris.Fuzz()
