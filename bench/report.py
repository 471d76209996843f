"""Run every benchmark in bench/ and write their output to docs/benchmarks.md.

The page is generated, never edited by hand: each section is one script's printed
table, under the date, machine and versions it was measured with. Run after
``pip install '.[bench]'`` from the repository root:
    python bench/report.py
    python bench/report.py --only "Page metadata" "Extraction speed"   # those sections anew,
                                                                       # the rest kept
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import subprocess
import sys
from importlib import metadata
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

# (title, script and arguments, what it shows)
RUNS = [
    ("Article extraction quality", ["quality.py"],
     "Shingle F1 on the article-extraction benchmark (181 pages) and on Readability.js's test pages "
     "(130); then the WCXB development split (1,497 pages of seven page types: mean page F1 of bags of "
     "lower-cased words, per page type, and empty outputs on pages whose ground truth has content); "
     "every extractor on the same pages in one run; then article() metadata rates."),
    ("Extraction speed", ["extract.py"],
     "parse + article() per page against trafilatura.extract and resiliparse; then article() "
     "alone on a parsed page as a share of the parse."),
    ("Parsing", ["parse.py"], "Parse throughput on the 181 article-benchmark pages."),
    ("Publication dates", ["dates.py"], "htmldate's 800-page evaluation set and its test cases."),
    ("Page metadata", ["metadata.py"],
     "Title, author and publication date against human ground truth: wcxb-dev (`title`, `author`, "
     "`publish_date`) and the Readability pages (`title`, `byline`, `publishedTime`); metadata() and "
     "article() beside trafilatura.extract_metadata, newspaper4k and goose3 in one run (sockets refused). "
     "Exact match after normalisation, mean token F1, and \"given\": the share of pages without a gold "
     "value where one was given (a made-up date)."),
    ("URLs", ["urls.py"], "Every href of the article-benchmark pages, resolved to absolute."),
    ("Compatibility: trafilatura and jusText", ["compat_text.py"],
     "turbohtml.compat.trafilatura and turbohtml.compat.justext beside trafilatura and jusText on "
     "300 WCXB pages: speed ratio and agreement with the original (and the gold text)."),
    ("Drop-in compatibility", ["compat_suites.py", "--no-venv"],
     "The peers' own test suites (from their pinned sdists) against the originals and against "
     "turbohtml.compat: checks of the public-API tests that hold with the original and with ours; "
     "deliberate differences listed in the script and docs/migration/, network tests excluded."),
    ("Structured data", ["structured.py"],
     "Microdata and Open Graph against extruct and the single-purpose libraries."),
    ("Threads", ["threads.py"], "Serial against threaded wall time on separate documents."),
    ("Scaling", ["scaling.py", "--quick"], "Time and peak memory from 1 kB to 10 MB pages and deep/wide trees."),
    ("Scale-out", ["scale.py"], "Pages/s from one WARC file: one process, the CLI with --jobs 2, Dask with 2 workers."),
]

PEERS = ["trafilatura", "jusText", "readability-lxml", "resiliparse", "selectolax", "lxml", "htmldate",
         "courlan", "w3lib", "extruct", "microdata", "opengraph_py3", "newspaper4k", "goose3"]


def machine() -> str:
    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
        memory = int(Path("/proc/meminfo").read_text().split()[1]) // (1024 * 1024)
    except OSError:
        memory = 0
    return f"{model}, {os.cpu_count()} cores, {memory} GiB, {platform.system()} {platform.release()}"


def versions() -> str:
    found = []
    for name in PEERS:
        try:
            found.append(f"{name} {metadata.version(name)}")
        except metadata.PackageNotFoundError:
            pass
    return ", ".join(found)


def run(title: str, command: list[str], what: str) -> str:
    """One section: the script's printed output under its title and what it shows."""
    print(f"running bench/{' '.join(command)} ...", file=sys.stderr)
    result = subprocess.run([sys.executable, str(REPO / "bench" / command[0]), *command[1:]],
                            capture_output=True, text=True, cwd=REPO)
    output = result.stdout.strip() or f"(failed: {result.stderr.strip()[-500:]})"
    return f"## {title}\n\n{what} `python bench/{' '.join(command)}`:\n\n```text\n{output}\n```\n"


def replace_sections(page: str, fresh: dict[str, str]) -> str:
    """``page`` with the sections titled as ``fresh``'s keys replaced by its values. A
    section runs from its ``## title`` line to the next section's, the headings being
    those of RUNS outside code blocks (a script's output may print ``## `` lines)."""
    titles = {title for title, _command, _what in RUNS}
    parts: list[list[str]] = [[]]
    names: list[str | None] = [None]
    fenced = False
    for line in page.splitlines(keepends=True):
        if line.startswith("```"):
            fenced = not fenced
        if not fenced and line.startswith("## ") and line[3:].strip() in titles:
            parts.append([])
            names.append(line[3:].strip())
        parts[-1].append(line)
    missing = set(fresh) - set(names)
    out = []
    for name, lines in zip(names, parts, strict=True):
        out.append(fresh[name] + "\n" if name in fresh else "".join(lines))
    out.extend(fresh[name] + "\n" for title, _c, _w in RUNS for name in [title] if name in missing)
    return "".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--output", type=Path, default=REPO / "docs" / "benchmarks.md")
    parser.add_argument("--only", nargs="+", metavar="TITLE",
                        help="run only these sections and replace them in the existing page")
    args = parser.parse_args()
    if args.only:
        unknown = set(args.only) - {title for title, _command, _what in RUNS}
        if unknown:
            parser.error(f"no section titled {sorted(unknown)}")
        fresh = {title: run(title, command, what) for title, command, what in RUNS if title in args.only}
        args.output.write_text(replace_sections(args.output.read_text(encoding="utf8"), fresh), encoding="utf8")
        print(f"wrote {', '.join(fresh)} into {args.output}", file=sys.stderr)
        return
    sections = [run(title, command, what) for title, command, what in RUNS]
    import turbohtml

    header = (
        "# Benchmarks\n\n"
        "Generated by `python bench/report.py`: every table below is the printed output of a\n"
        "script in `bench/`, run on the same pages as its peers in the same run. The data sets\n"
        "(`../shared/data`) are development sets: treat quality figures as indicative.\n\n"
        f"- **Measured on:** {datetime.date.today().isoformat()}\n"
        f"- **Machine:** {machine()}\n"
        f"- **Python / turbohtml:** {platform.python_version()} / {turbohtml.__version__}\n"
        f"- **Peers:** {versions()}\n\n"
    )
    args.output.write_text(header + "\n".join(sections), encoding="utf8")
    print(f"wrote {args.output}", file=sys.stderr)


if __name__ == "__main__":
    main()
