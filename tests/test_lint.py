"""Lint gates: ``ruff check`` over the package's Python sources and stubs, the tests and the
benchmarks, ``cython-lint`` over the ``.pyx``/``.pxd`` files, both with the settings in pyproject.toml ([tool.ruff],
[tool.cython-lint]). Both tools are test dependencies, so a finding fails the suite.
"""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _run(*command: str) -> subprocess.CompletedProcess[str]:
    # cython-lint runs pycodestyle as a program: the interpreter's scripts directory
    # goes first on PATH so the test environment's copy is the one found.
    scripts = sysconfig.get_path("scripts")
    env = {**os.environ, "PATH": scripts + os.pathsep + os.environ.get("PATH", "")}
    return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)


def test_ruff_is_clean():
    # the directories are named and each must hold files: a missing one would pass unchecked
    directories = ("turbohtml", "tests", "bench")
    assert all(any((ROOT / name).glob("*.py")) for name in directories), directories
    result = _run(sys.executable, "-m", "ruff", "check", "--no-cache", *directories)
    assert result.returncode == 0, result.stdout + result.stderr


def test_cython_lint_is_clean():
    # the files are named here: a directory run that matched nothing would pass too
    sources = sorted(str(path.relative_to(ROOT)) for pattern in ("*.pyx", "*.pxd")
                     for path in (ROOT / "turbohtml").glob(pattern))
    assert len(sources) >= 15, sources
    result = _run(sys.executable, "-c", "import sys; from cython_lint.cython_lint import main; sys.exit(main())",
                  *sources)
    assert result.returncode == 0, result.stdout + result.stderr
