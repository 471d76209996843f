"""A source checkout whose extension modules are older than their sources warns at import
(turbohtml._warn_if_stale): Python imports the stale extension, not the edited file."""

from __future__ import annotations

import os
import warnings
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

import turbohtml


def _checkout(root: Path, *, newer_source: bool, setup_py: bool = True) -> Path:
    """A package with an extension module ``extract/dates`` built from ``dates.py`` and
    ``_walk`` built from ``_walk.pyx``, the sources newer than the builds when ``newer_source``."""
    package = root / "pkg"
    (package / "extract").mkdir(parents=True)
    if setup_py:
        (root / "setup.py").write_text("")
    suffix = EXTENSION_SUFFIXES[0]
    pairs = [(package / "_walk.pyx", package / f"_walk{suffix}"),
             (package / "extract" / "dates.py", package / "extract" / f"dates{suffix}"),
             (package / "plain.py", None)]  # no extension: never stale
    for source, built in pairs:
        source.write_text("")
        if built is not None:
            built.write_bytes(b"")
            source_time, built_time = (2_000_000_000, 1_000_000_000) if newer_source else (1_000_000_000, 2_000_000_000)
            os.utime(source, (source_time, source_time))
            os.utime(built, (built_time, built_time))
    return package


def test_sources_newer_than_their_builds_are_listed(tmp_path: Path) -> None:
    package = _checkout(tmp_path, newer_source=True)
    assert sorted(turbohtml._stale_extensions(package)) == ["pkg/_walk.pyx", "pkg/extract/dates.py"]


def test_builds_newer_than_their_sources_are_not(tmp_path: Path) -> None:
    assert turbohtml._stale_extensions(_checkout(tmp_path, newer_source=False)) == []


def test_a_checkout_warns_of_each_stale_module(tmp_path: Path) -> None:
    with pytest.warns(RuntimeWarning) as caught:
        turbohtml._warn_if_stale(_checkout(tmp_path, newer_source=True))
    assert sorted(str(warning.message) for warning in caught) == [
        f"pkg/{name} changed after its extension module was built: run `python setup.py build_ext --inplace`"
        for name in ("_walk.pyx", "extract/dates.py")]


def test_an_installed_package_is_not_checked(tmp_path: Path) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        turbohtml._warn_if_stale(_checkout(tmp_path, newer_source=True, setup_py=False))
