#!/usr/bin/env python3
"""Fuzz the content extraction family: ``Node.main_content/main_text/article/links``,
``Document.boilerplate/dates`` and ``turbohtml.extract.boilerplate/dates`` with every
``Extraction``/``DateExtraction`` variant of ``contract.py``."""

import sys

import _instrument  # noqa: F401
import atheris
import common
import contract


def TestOneInput(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    which = fdp.ConsumeIntInRange(0, 99)
    markup, raw = common.build(fdp)
    doc = contract.check_parse(markup)
    contract.check_content(doc, which)
    if which % 3 == 0:  # a node below the root too
        nodes = doc.select("div, td, article, section")
        if nodes:
            contract.check_node_extraction(nodes[which % len(nodes)])
    contract.check_extract_content(markup, which)
    if raw is not None:
        contract.check_content(contract.check_parse(raw), which)


if __name__ == "__main__":
    atheris.Setup(sys.argv, TestOneInput)
    atheris.Fuzz()
