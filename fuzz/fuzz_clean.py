#!/usr/bin/env python3
"""Fuzz the Sanitizer: ``Sanitizer.sanitize``/``sanitize_node`` with every policy of
``contract.SANITIZERS``; an output that changes when sanitized again is a finding."""

import sys

import _instrument  # noqa: F401
import atheris
import common
import contract


def TestOneInput(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    which = fdp.ConsumeIntInRange(0, 99)
    markup, _raw = common.build(fdp)
    contract.check_sanitize(markup, which)


if __name__ == "__main__":
    atheris.Setup(sys.argv, TestOneInput)
    atheris.Fuzz()
