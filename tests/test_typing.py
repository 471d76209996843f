"""The typed surface: ``mypy --strict`` on a user's script over the public API
(tests/typing/user_script.py), which then runs, ``mypy --strict`` over the package's own
modules, and ``mypy.stubtest`` comparing the shipped stubs (turbohtml/*.pyi) with the
compiled modules they describe.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TYPING = ROOT / "tests" / "typing"
#: every compiled module, each with its stub beside it
COMPILED = sorted(path.name.split(".")[0] for path in (ROOT / "turbohtml").glob("_*.pyx"))


BUILT_IN_PLACE = bool(list((ROOT / "turbohtml").glob("_core*.so")))


def _run(*arguments: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    # this checkout's stubs for mypy (MYPYPATH); for stubtest's imports, this checkout
    # first when it is built in place (else the installed package, built from it)
    env = {**os.environ, "MYPYPATH": str(ROOT)}
    if BUILT_IN_PLACE:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, (str(ROOT), os.environ.get("PYTHONPATH"))))
    return subprocess.run([sys.executable, "-m", *arguments], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=600)


@pytest.fixture(scope="module")
def mypy_errors() -> list[str]:
    """``mypy --strict`` once over the package's modules (the compatibility layers
    included: tests/typing/package.ini), the user's script and the misuse file, against
    the shipped stubs of the compiled modules: its error lines."""
    result = _run("mypy", "--config-file", str(TYPING / "package.ini"), "--no-incremental", "turbohtml/",
                  str(TYPING / "user_script.py"), str(TYPING / "misuse.py"))
    errors = [line for line in result.stdout.splitlines() if ": error:" in line]
    assert errors or "Success: no issues found" in result.stdout, result.stdout + result.stderr
    return errors


def test_package_passes_mypy_strict(mypy_errors: list[str]) -> None:
    assert [line for line in mypy_errors if line.startswith("turbohtml")] == []


def test_user_script_passes_mypy_strict(mypy_errors: list[str]) -> None:
    # the script is judged with the package's modules; misuse.py proves the run sees the
    # package's types: its one error is the only one outside the package
    assert [line for line in mypy_errors if not line.startswith("turbohtml")] == [
        'tests/typing/misuse.py:5: error: Incompatible types in assignment (expression has type "str | None", '
        'variable has type "int")  [assignment]'
    ]


def test_user_script_runs():
    spec = importlib.util.spec_from_file_location("user_script", TYPING / "user_script.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.main()


def test_stubs_match_the_compiled_modules():
    assert len(COMPILED) >= 9 and all((ROOT / "turbohtml" / f"{name}.pyi").exists() for name in COMPILED)
    # run from outside the checkout unless it is built in place: ``-m`` puts the working
    # directory first on sys.path, and an unbuilt turbohtml/ would shadow the installed one
    result = _run("mypy.stubtest", "--allowlist", str(TYPING / "stubtest_allowlist.txt"),
                  "--mypy-config-file", str(TYPING / "stubtest.ini"), *(f"turbohtml.{name}" for name in COMPILED),
                  cwd=ROOT if BUILT_IN_PLACE else TYPING)
    assert result.returncode == 0, result.stdout + result.stderr
