"""The lexbor patch series (vendor/lexbor/patches) and its all-or-nothing applier."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

LEXBOR = Path(__file__).resolve().parents[1] / "vendor" / "lexbor"
sys.path.insert(0, str(LEXBOR))
import apply_patches  # noqa: E402

ORIGINAL = "int a;\nint b;\n\nint c;\n"


def _tree(tmp_path: Path) -> Path:
    (tmp_path / "source" / "lexbor").mkdir(parents=True)
    (tmp_path / "source" / "lexbor" / "x.c").write_text(ORIGINAL)
    (tmp_path / "source" / "lexbor" / "y.c").write_text("one\ntwo\n")
    return tmp_path


def _patch(tmp_path: Path, name: str, body: str) -> Path:
    path = tmp_path / name
    path.write_text("A header: why, measured, covered by.\n-- a line that looks like a diff\n\n" + body)
    return path


# "\x20" is the blank context line: one space, spelled out so no line ends in whitespace
GOOD = """diff --git a/source/lexbor/x.c b/source/lexbor/x.c
--- a/source/lexbor/x.c
+++ b/source/lexbor/x.c
@@ -1,4 +1,5 @@
 int a;
-int b;
+int b = 2;
+int b2;
\x20
 int c;
"""
SECOND = """--- a/source/lexbor/y.c
+++ b/source/lexbor/y.c
@@ -2,1 +2,1 @@
-two
+deux
"""
STALE = """--- a/source/lexbor/y.c
+++ b/source/lexbor/y.c
@@ -1,2 +1,2 @@
 one
-three
+trois
"""


def test_the_series_applies_in_order(tmp_path: Path) -> None:
    root = _tree(tmp_path / "tree")
    apply_patches.apply(root, [_patch(tmp_path, "0001-a.patch", GOOD), _patch(tmp_path, "0002-b.patch", SECOND)])
    assert (root / "source/lexbor/x.c").read_text() == "int a;\nint b = 2;\nint b2;\n\nint c;\n"
    assert (root / "source/lexbor/y.c").read_text() == "one\ndeux\n"


def test_a_patch_that_does_not_apply_writes_nothing_and_is_named(tmp_path: Path) -> None:
    root = _tree(tmp_path / "tree")
    patches = [_patch(tmp_path, "0001-a.patch", GOOD), _patch(tmp_path, "0002-stale.patch", STALE)]
    with pytest.raises(apply_patches.PatchError, match="0002-stale.patch: source/lexbor/y.c: hunk @@ -1,2"):
        apply_patches.apply(root, patches)
    assert (root / "source/lexbor/x.c").read_text() == ORIGINAL  # the first one was not written either
    assert (root / "source/lexbor/y.c").read_text() == "one\ntwo\n"
    # applied twice: the second round's hunks no longer match
    apply_patches.apply(root, patches[:1])
    with pytest.raises(apply_patches.PatchError, match="0001-a.patch"):
        apply_patches.apply(root, patches[:1])


def test_a_patch_for_a_missing_file_is_named(tmp_path: Path) -> None:
    root = _tree(tmp_path / "tree")
    body = GOOD.replace("x.c", "gone.c")
    with pytest.raises(apply_patches.PatchError, match="0001-gone.patch: source/lexbor/gone.c does not exist"):
        apply_patches.apply(root, [_patch(tmp_path, "0001-gone.patch", body)])


def test_every_patch_says_why_what_it_measured_and_its_test() -> None:
    patches = apply_patches.patch_files()
    assert [p.name[:4] for p in patches] == [f"{i:04d}" for i in range(1, len(patches) + 1)]
    changed = 0
    for path in patches:
        text = path.read_text(encoding="utf8")
        header = text[: text.index("diff --git")]
        for part in ("Why:", "Measured:", "Covered by:"):
            assert part in header, (path.name, part)
        body = text[len(header):].splitlines()
        changed += sum(1 for line in body if line[:1] in "+-" and not line.startswith(("+++ ", "--- ")))
    assert changed <= 400  # the series stays small enough to review and to send upstream
