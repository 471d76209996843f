#!/usr/bin/env python3
"""Run the atheris harnesses one after another and report executions and findings.

    python fuzz/run.py --seconds 300            # every harness, 5 minutes each
    python fuzz/run.py --seconds 60 urls parse  # some harnesses
    python fuzz/run.py --smoke                  # CI: every harness 12 s (about a minute)
    python fuzz/run.py --replay fuzz/artifacts/crash-...  --harness content

Harnesses: parse, content, structured, urls, clean (``fuzz_<name>.py``). Each runs as its own
libFuzzer process with a per-input timeout (a hang is a finding) and a memory cap;
new coverage goes to ``fuzz/corpus/<name>/`` (git-ignored; seed pages come from
``../shared/data`` at start-up, not from the corpus), crashes to ``fuzz/artifacts/``
(git-ignored). Exit status 1 when any harness found something.

Which turbohtml is fuzzed: the in-place build of this checkout when one exists (its
``turbohtml/_core*.so``), else the installed package.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
HARNESSES = ("parse", "content", "structured", "urls", "clean")
SMOKE_SECONDS = 12


def _env() -> dict[str, str]:
    env = dict(os.environ)
    if list((REPO / "turbohtml").glob("_core*.so")):
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO), env.get("PYTHONPATH", "")) if p)
    return env


def _command(name: str, seconds: int, extra: list[str]) -> list[str]:
    corpus = HERE / "corpus" / name
    corpus.mkdir(parents=True, exist_ok=True)
    artifacts = HERE / "artifacts"
    artifacts.mkdir(exist_ok=True)
    return [
        sys.executable, str(HERE / f"fuzz_{name}.py"), str(corpus),
        f"-max_total_time={seconds}",
        "-timeout=60",  # seconds for one input: a hang is a finding
        "-rss_limit_mb=6144",
        "-max_len=16384",
        f"-artifact_prefix={artifacts}/{name}-",
        "-print_final_stats=1",
        *extra,
    ]


def run(name: str, seconds: int, extra: list[str]) -> tuple[int, int, str]:
    """(exit status, executions, last lines of the log) for one harness."""
    log = HERE / "artifacts" / f"{name}.log"
    command = _command(name, seconds, extra)
    started = time.monotonic()
    with open(log, "w") as out:
        status = subprocess.call(command, stdout=out, stderr=subprocess.STDOUT, env=_env(), cwd=REPO)
    text = log.read_text(errors="replace")
    found = re.findall(r"stat::number_of_executed_units:\s*(\d+)", text) or re.findall(r"Done (\d+) runs", text)
    if not found:  # stopped by a crash: the last status line counts
        found = re.findall(r"#(\d+)\s", text)
    executions = int(found[-1]) if found else 0
    elapsed = time.monotonic() - started
    tail = "\n".join(text.splitlines()[-40:]) if status else ""
    print(f"{name:<11} {'FOUND SOMETHING' if status else 'ok':<16} {executions:>9,} executions in {elapsed:6.1f} s",
          flush=True)
    return status, executions, tail


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("harnesses", nargs="*", metavar="HARNESS", help=f"some of {', '.join(HARNESSES)} (default: all)")
    parser.add_argument("--seconds", type=int, default=60, help="time per harness")
    parser.add_argument("--smoke", action="store_true", help=f"{SMOKE_SECONDS} s per harness (CI)")
    parser.add_argument("--replay", metavar="FILE", help="run one saved input through --harness")
    parser.add_argument("--harness", choices=HARNESSES, help="the harness for --replay")
    args, extra = parser.parse_known_args()
    if args.replay:
        if not args.harness:
            parser.error("--replay needs --harness")
        return subprocess.call([sys.executable, str(HERE / f"fuzz_{args.harness}.py"), args.replay], env=_env())
    try:
        import atheris  # noqa: F401
    except ImportError:
        print("atheris is not installed: pip install '.[fuzz]'", file=sys.stderr)
        return 2
    unknown = set(args.harnesses) - set(HARNESSES)
    if unknown:
        parser.error(f"unknown harness(es) {sorted(unknown)}; choose from {HARNESSES}")
    seconds = SMOKE_SECONDS if args.smoke else args.seconds
    total = 0
    failures = []
    for name in args.harnesses or HARNESSES:
        status, executions, tail = run(name, seconds, extra)
        total += executions
        if status:
            failures.append((name, tail))
    print(f"total      {total:,} executions; {len(failures)} harness(es) found something")
    for name, tail in failures:
        print(f"\n---- {name} (full log: fuzz/artifacts/{name}.log)\n{tail}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
