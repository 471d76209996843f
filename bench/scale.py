"""Scale-out: pages/s from one WARC file for 1 process, the CLI on 2 processes, and Dask.

The article-benchmark pages (181, repeated ``--copies`` times, each copy under its own
URL) are written into a temporary ``.warc.gz`` (gzip per record, a request record before
each response, as crawlers write them). The same file is then read and extracted:

- 1 process: ``turbohtml.io.warc_entries`` and ``turbohtml.frames.extract_frame`` in a loop;
- CLI: ``python -m turbohtml article --format json --jobs 2 FILE`` (a subprocess, start-up
  included), output to /dev/null;
- Dask: ``turbohtml.dask.extract_articles(read_warc(FILE, records_per_partition=N))`` on
  a ``LocalCluster`` of 2 worker processes with 1 thread each (cluster start-up excluded,
  the pass that finds the partition cuts included).

Every path extracts the same fields as ``turbohtml article`` (title, byline, date,
description, lang, text); ``--fields all`` adds dates() and the link counts to the
in-process paths. The best of ``--rounds`` counts. Run:

    python bench/scale.py [--copies 8] [--rounds 3] [--records-per-partition 50]

The WARC helpers here (``warc_record``, ``http_response``, ``write_warc``) also write the
archives of ``tests/test_scale_out.py``.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterable, Sequence
from pathlib import Path

DATA = Path(os.environ.get("TURBOHTML_DATA", Path(__file__).resolve().parents[1].parent / "shared" / "data"))

ARTICLE_ONLY = ("title", "byline", "date", "description", "lang", "text")


# ------------------------------------------------------------------ writing WARC files

def warc_record(warc_type: str, block: bytes, *, target: str | None = None,
                content_type: str = "application/http; msgtype=response", record_id: str | None = None,
                date: str = "2024-05-01T12:00:00Z") -> bytes:
    """One WARC/1.1 record (ISO 28500:2017 section 4): version line, named fields, an empty
    line, the block, and two CRLFs."""
    fields = [("WARC-Type", warc_type), ("WARC-Record-ID", record_id or f"<urn:uuid:{uuid.uuid4()}>"),
              ("WARC-Date", date)]
    if target is not None:
        fields.append(("WARC-Target-URI", target))
    fields += [("Content-Type", content_type), ("Content-Length", str(len(block)))]
    head = "WARC/1.1\r\n" + "".join(f"{name}: {value}\r\n" for name, value in fields) + "\r\n"
    return head.encode("utf-8") + block + b"\r\n\r\n"


def http_response(body: bytes, *, status: str = "200 OK", content_type: str | None = "text/html",
                  headers: Sequence[tuple[str, str]] = ()) -> bytes:
    """An HTTP/1.1 response message as a WARC ``response`` block holds it."""
    lines = [f"HTTP/1.1 {status}"]
    if content_type is not None:
        lines.append(f"Content-Type: {content_type}")
    lines += [f"{name}: {value}" for name, value in headers]
    lines.append(f"Content-Length: {len(body)}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body


def http_request(url: str) -> bytes:
    host = url.split("/")[2]
    return f"GET /{url.split('/', 3)[-1] if url.count('/') > 2 else ''} HTTP/1.1\r\nHost: {host}\r\n\r\n".encode()


def write_warc(path: Path, records: Iterable[bytes]) -> None:
    """Records into ``path``: each its own gzip member for ``.warc.gz``, plain otherwise."""
    compress = path.name.endswith(".gz")
    with open(path, "wb") as handle:
        handle.writelines(gzip.compress(record, 6) if compress else record for record in records)


def benchmark_pages() -> list[tuple[str, bytes]]:
    """``(url, html bytes)`` of the 181 article-benchmark pages, sorted by key."""
    root = DATA / "article-benchmark"
    truth = json.loads((root / "ground-truth.json").read_text(encoding="utf8"))
    pages = []
    for path in sorted((root / "html").glob("*.html.gz")):
        key = path.name.removesuffix(".html.gz")
        pages.append((truth[key]["url"], gzip.decompress(path.read_bytes())))
    return pages


def build_warc(path: Path, copies: int) -> int:
    """The benchmark pages ``copies`` times over as request/response pairs; the page count."""
    pages = benchmark_pages()

    def records() -> Iterable[bytes]:
        yield warc_record("warcinfo", b"software: turbohtml bench/scale.py\r\n", content_type="application/warc-fields")
        for copy in range(copies):
            for url, html in pages:
                url = f"{url}{'&' if '?' in url else '?'}copy={copy}"
                yield warc_record("request", http_request(url), target=url,
                                  content_type="application/http; msgtype=request")
                yield warc_record("response", http_response(html, content_type="text/html; charset=utf-8"),
                                  target=url)

    write_warc(path, records())
    return copies * len(pages)


# ------------------------------------------------------------------ the three runs

def run_single(path: Path, fields: Sequence[str]) -> int:
    from turbohtml.frames import extract_frame, warc_frame

    return len(extract_frame(warc_frame(path), fields=fields))


def run_cli(path: Path, jobs: int) -> None:
    import turbohtml

    env = dict(os.environ)
    root = str(Path(turbohtml.__file__).resolve().parents[1])
    env["PYTHONPATH"] = root + os.pathsep + env.get("PYTHONPATH", "")
    subprocess.run([sys.executable, "-m", "turbohtml", "article", "--format", "json", "--jobs", str(jobs),
                    str(path)], check=False, stdout=subprocess.DEVNULL, env=env, cwd=root)


def run_dask(client: object, path: Path, per_partition: int, fields: Sequence[str]) -> int:
    import turbohtml.dask

    pages = turbohtml.dask.read_warc(str(path), records_per_partition=per_partition)
    frame = turbohtml.dask.extract_articles(pages, fields=fields)
    return len(client.compute(frame).result())  # type: ignore[attr-defined]


def best(function, rounds: int) -> float:  # type: ignore[no-untyped-def]
    """The best wall time of ``rounds`` calls after one warm-up call."""
    function()
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--copies", type=int, default=8, help="times the 181 pages are repeated (default 8)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--workers", type=int, default=2, help="CLI --jobs and Dask workers (default 2)")
    parser.add_argument("--records-per-partition", type=int, default=50, help="Dask partition size (default 50)")
    parser.add_argument("--fields", choices=("article", "all"), default="article")
    args = parser.parse_args()
    from dask.distributed import Client, LocalCluster

    from turbohtml.frames import ARTICLE_FIELDS

    fields = ARTICLE_ONLY if args.fields == "article" else ARTICLE_FIELDS
    with tempfile.TemporaryDirectory(prefix="turbohtml-scale-") as tmp:
        path = Path(tmp) / "pages.warc.gz"
        pages = build_warc(path, args.copies)
        size = path.stat().st_size
        results: dict[str, float] = {}
        results["1 process (extract_frame)"] = best(lambda: run_single(path, fields), args.rounds)
        results[f"CLI --jobs {args.workers}"] = best(lambda: run_cli(path, args.workers), args.rounds)
        with LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,
                          dashboard_address=None) as cluster, Client(cluster) as client:
            results[f"Dask LocalCluster, {args.workers} workers"] = best(
                lambda: run_dask(client, path, args.records_per_partition, fields), args.rounds)
    base = results["1 process (extract_frame)"]
    partitions = -(-pages // args.records_per_partition)
    print(f"{pages} pages in one {size / 1e6:.1f} MB .warc.gz ({partitions} Dask partitions), fields: "
          f"{', '.join(fields)}; best of {args.rounds}, {os.cpu_count()} cores, {platform.machine()}, "
          f"Python {platform.python_version()}")
    print(f"{'run':<36}{'seconds':>9}{'pages/s':>10}{'vs 1 process':>14}")
    for name, seconds in results.items():
        print(f"{name:<36}{seconds:>9.2f}{pages / seconds:>10.1f}{base / seconds:>13.2f}x")


if __name__ == "__main__":
    main()
