"""Obtain lexbor's C sources for the build, from a pinned, hash-checked registry artifact.

lexbor is not committed. The selectolax sdist bundles lexbor's Apache-2.0 tree under
``lexbor/``; the build downloads that sdist through pip's configured index, checks its
sha256 and extracts ``lexbor/source``, ``LICENSE`` and ``NOTICE`` here, then applies the
patch series ``patches/NNNN-*.patch`` (``apply_patches.py``: all of them or none). A second
build reuses the patched tree. ``TURBOHTML_LEXBOR_SRC=/path/to/lexbor``
(a lexbor 3.1.0 tree, the directory holding ``source/``) is copied here instead of
downloading, for offline builds, and ``TURBOHTML_LEXBOR_ARCHIVE=/path/to/selectolax-1.0.2.tar.gz``
uses an archive at hand.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

import apply_patches

PROJECT = "selectolax"
VERSION = "1.0.2"
ARCHIVE = f"{PROJECT}-{VERSION}.tar.gz"
SHA256 = "f0508ad927aa426425d4aa7a2bb2f8b21c01412534465bd227e241d4d0a6a418"
LEXBOR_VERSION = "3.1.0"

HERE = Path(__file__).resolve().parent


class LexborSourceError(RuntimeError):
    """The lexbor sources could not be obtained; the message says what to do."""


def ensure_source(dest: Path = HERE) -> Path:
    """Return the directory holding the patched lexbor ``source/`` tree, fetching it when needed."""
    stamp = dest / ".pin"
    wanted = f"{SHA256} {apply_patches.fingerprint()}"
    if stamp.is_file() and stamp.read_text().strip() == wanted and (dest / "source").is_dir():
        return dest
    override = os.environ.get("TURBOHTML_LEXBOR_SRC")
    if override:
        root = Path(override).resolve()
        if not (root / "source" / "lexbor" / "core" / "base.h").is_file():
            raise LexborSourceError(
                f"TURBOHTML_LEXBOR_SRC={override} does not hold lexbor's source/lexbor/core/base.h; "
                "point it at a lexbor tree (the directory containing source/)"
            )
        shutil.rmtree(dest / "source", ignore_errors=True)
        shutil.copytree(root / "source", dest / "source")
        for name in ("LICENSE", "NOTICE"):
            if (root / name).is_file():
                shutil.copy(root / name, dest / name)
    else:
        archive = os.environ.get("TURBOHTML_LEXBOR_ARCHIVE")
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(archive) if archive else _download(Path(tmp))
            _check_hash(path)
            _extract(path, dest)
    apply_patches.apply(dest)
    stamp.write_text(wanted + "\n")
    return dest


def _download(into: Path) -> Path:
    command = [
        sys.executable, "-m", "pip", "download", "--no-deps",
        "--no-binary", PROJECT, f"{PROJECT}=={VERSION}", "--dest", str(into),
    ]
    result = subprocess.run(command, capture_output=True, text=True)
    path = into / ARCHIVE
    if result.returncode != 0 or not path.is_file():
        raise LexborSourceError(
            f"could not download {ARCHIVE} (lexbor {LEXBOR_VERSION} sources) with "
            f"`{' '.join(command)}`:\n{result.stderr.strip()[-2000:]}\n"
            "Check that pip can reach its package index, or set TURBOHTML_LEXBOR_ARCHIVE to a "
            "downloaded copy of the archive, or TURBOHTML_LEXBOR_SRC to a lexbor source tree."
        )
    return path


def _check_hash(path: Path) -> None:
    if not path.is_file():
        raise LexborSourceError(f"{path} does not exist; download {ARCHIVE} from the package index")
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    if digest != SHA256:
        raise LexborSourceError(
            f"{path} has sha256 {digest}, expected {SHA256} ({ARCHIVE}); "
            "the archive is corrupt or not the pinned release: delete it and download it again"
        )


def _extract(path: Path, dest: Path) -> None:
    prefix = f"{PROJECT}-{VERSION}/lexbor/"
    wanted = ("source/", "LICENSE", "NOTICE")
    shutil.rmtree(dest / "source", ignore_errors=True)
    with tarfile.open(path, "r:gz") as tar:
        members = []
        for member in tar.getmembers():
            if not member.name.startswith(prefix):
                continue
            relative = member.name[len(prefix):]
            if relative.startswith(wanted) and (member.isfile() or member.isdir()):
                member.name = relative
                members.append(member)
        tar.extractall(dest, members=members, filter="data")
    if not (dest / "source" / "lexbor" / "core" / "base.h").is_file():
        raise LexborSourceError(f"{ARCHIVE} did not contain lexbor/source as expected")


if __name__ == "__main__":
    print(ensure_source())
