"""Apply ``patches/NNNN-*.patch`` to a pristine lexbor tree, all or nothing.

Each patch is a plain unified diff (``a/source/lexbor/...``, ``b/source/lexbor/...``)
against lexbor 3.1.0, after a free-text header. Every hunk must match the pinned
sources exactly where it says (no fuzz, no offset): the patches are checked one after
the other on the texts in memory, and files are written only when all of them apply,
so a failure leaves the tree as it was and names the patch and the hunk. Pure Python,
so a fresh machine needs neither ``patch`` nor ``git``; ``git apply --check`` accepts
the same files.
"""

from __future__ import annotations

import hashlib
import re
import sys
from pathlib import Path

PATCHES = Path(__file__).resolve().parent / "patches"
_HUNK = re.compile(r"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@")


class PatchError(RuntimeError):
    """A patch does not apply to the pinned lexbor sources; the message names it."""


def patch_files() -> list[Path]:
    return sorted(PATCHES.glob("[0-9][0-9][0-9][0-9]-*.patch"))


def fingerprint() -> str:
    """Changes whenever a patch's diff changes (not its header), so a stale patched tree is
    extracted again."""
    digest = hashlib.sha256()
    for path in patch_files():
        for relative, hunks in _file_diffs(path.read_text(encoding="utf8")):
            digest.update(relative.encode() + b"\0" + "".join(hunks).encode() + b"\0")
    return digest.hexdigest()[:16]


def _file_diffs(text: str) -> list[tuple[str, list[str]]]:
    """(path below the tree, the lines of its hunks) for each file a patch changes."""
    lines = text.splitlines(keepends=True)
    diffs: list[tuple[str, list[str]]] = []
    i = 0
    while i < len(lines):
        if lines[i].startswith("--- ") and i + 1 < len(lines) and lines[i + 1].startswith("+++ "):
            target = lines[i + 1][4:].strip().split("\t")[0]
            if not target.startswith("b/"):
                raise PatchError(f"expected a b/ path, got {target!r}")
            diffs.append((target[2:], []))
            i += 2
            continue
        if diffs and (lines[i].startswith(("@@", " ", "+", "-", "\\")) or lines[i] == "\n"):
            diffs[-1][1].append(lines[i])
        i += 1
    return diffs


def _apply_hunks(old: list[str], hunks: list[str], where: str) -> list[str]:
    new: list[str] = []
    at = 0  # next line of ``old`` not yet copied
    i = 0
    while i < len(hunks):
        match = _HUNK.match(hunks[i])
        if not match:
            raise PatchError(f"{where}: expected a hunk header, got {hunks[i]!r}")
        start = int(match.group(1)) - (0 if match.group(2) == "0" else 1)
        i += 1
        before: list[str] = []
        after: list[str] = []
        while i < len(hunks) and not hunks[i].startswith("@@"):
            line = hunks[i]
            i += 1
            if line.startswith("\\"):
                continue
            body = line[1:] if line != "\n" else "\n"
            if line[0] in " \n":
                before.append(body)
                after.append(body)
            elif line[0] == "-":
                before.append(body)
            else:
                after.append(body)
        if start < at or old[start:start + len(before)] != before:
            raise PatchError(f"{where}: hunk {match.group(0)} does not match the pinned sources")
        new.extend(old[at:start])
        new.extend(after)
        at = start + len(before)
    new.extend(old[at:])
    return new


def apply(root: Path, patches: list[Path] | None = None) -> None:
    """Apply every patch to the lexbor tree under ``root`` (the directory holding
    ``source/``); nothing is written unless all of them apply."""
    texts: dict[Path, list[str]] = {}
    for patch in patches if patches is not None else patch_files():
        for relative, hunks in _file_diffs(patch.read_text(encoding="utf8")):
            path = root / relative
            if path not in texts:
                if not path.is_file():
                    raise PatchError(f"{patch.name}: {relative} does not exist in the lexbor tree")
                texts[path] = path.read_text(encoding="utf8").splitlines(keepends=True)
            texts[path] = _apply_hunks(texts[path], hunks, f"{patch.name}: {relative}")
    for path, lines in texts.items():
        path.write_text("".join(lines), encoding="utf8")


if __name__ == "__main__":
    apply(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent)
