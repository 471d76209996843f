#!/usr/bin/env python3
"""Fuzz ``parse()`` (str and bytes) and the node API: tag, attrs, attr, text, parent,
children, descendants, select/select_one (fixed and fuzzer-made selectors), html,
inner_html. Run through ``fuzz/run.py``; ``python fuzz/fuzz_parse.py CRASH_FILE``
replays one input."""

import sys

import _instrument  # noqa: F401  (before common: it imports turbohtml)
import atheris
import common
import contract


def TestOneInput(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    css = fdp.ConsumeUnicode(fdp.ConsumeIntInRange(0, 40))
    markup, raw = common.build(fdp)
    doc = contract.check_parse(markup)
    contract.check_nodes(doc, limit=32)
    contract.check_selector(doc, css)
    if raw is not None:
        contract.check_nodes(contract.check_parse(raw), limit=16)


if __name__ == "__main__":
    atheris.Setup(sys.argv, TestOneInput)
    atheris.Fuzz()
