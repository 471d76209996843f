"""The ``turbohtml`` command end to end, through ``python -m turbohtml`` in a subprocess.

Pages come from the article benchmark in ../shared/data (copied into the test's
tmp_path only, never into the repository) and the repository's example page; URLs
are served by a local http.server on 127.0.0.1 that the fixture starts and stops.
"""

from __future__ import annotations

import gzip
import http.server
import json
import os
import struct
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import turbohtml

from conftest import REPO, article_benchmark, read_gzip_text

EXAMPLE = REPO / "examples" / "page.html"
#: The example page's first content sentence and title.
EXAMPLE_SENTENCE = "For the first time in ten years, a sleeper train leaves Zurich"
EXAMPLE_TITLE = "Night trains return to the Alps"

#: How long the stalling endpoint holds a request (the test's --timeout is far shorter).
STALL_SECONDS = 4.0


def run(*args: str, stdin: bytes | None = None, jobs: str | None = "2",
        allow_private: bool = True) -> subprocess.CompletedProcess:
    """Run the command with the turbohtml this test imported (installed or in-place).

    The working directory is the package's parent too: ``-m`` puts the working directory
    first on ``sys.path``, and a checkout's unbuilt ``turbohtml/`` must not shadow the
    installed package. ``--allow-private`` is added for URL inputs, which are all on
    127.0.0.1 here (``test_loopback_url_refused_by_default`` runs without it).
    """
    if allow_private and any(arg.startswith("http://127.0.0.1") for arg in args):
        args = (args[0], "--allow-private", *args[1:])
    env = dict(os.environ)
    package_root = str(Path(turbohtml.__file__).resolve().parents[1])
    env["PYTHONPATH"] = package_root + os.pathsep + env.get("PYTHONPATH", "")
    command = [sys.executable, "-m", "turbohtml", *args]
    if jobs is not None and args and args[0] != "normalize-url" and "--jobs" not in args:
        command[3:4] = [args[0], "--jobs", jobs]
    return subprocess.run(command, input=stdin, capture_output=True, timeout=120, env=env, cwd=package_root)


def records(result: subprocess.CompletedProcess) -> list[dict]:
    return [json.loads(line) for line in result.stdout.decode("utf8").splitlines()]


def stderr_lines(result: subprocess.CompletedProcess) -> list[str]:
    return [line for line in result.stderr.decode("utf8").splitlines() if line.strip()]


@pytest.fixture(scope="module")
def pages() -> list[Path]:
    """Three benchmark pages, the first with JSON-LD, Open Graph and microdata."""
    _, paths = article_benchmark()
    chosen = []
    for path in paths:
        text = read_gzip_text(path)
        if not chosen and not ("application/ld+json" in text and "og:title" in text):
            continue
        chosen.append(path)
        if len(chosen) == 3:
            break
    return chosen


# ------------------------------------------------------------------ the local server

class Handler(http.server.BaseHTTPRequestHandler):
    page: bytes = b""

    def log_message(self, format: str, *args: object) -> None:  # keep test output clean
        pass

    def _send(self, code: int, content_type: str, body: bytes, extra: dict | None = None) -> None:
        try:
            self._headers(code, content_type, body, extra)
        except (BrokenPipeError, ConnectionResetError):
            return  # the client gave up (the timeout case)
        try:
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def _headers(self, code: int, content_type: str, body: bytes, extra: dict | None) -> None:
        self.send_response(code)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in (extra or {}).items():
            self.send_header(name, value)
        self.end_headers()

    def do_GET(self) -> None:
        if self.path == "/page.html":
            self._send(200, "text/html; charset=utf-8", self.page)
        elif self.path == "/latin1.html":
            # The header's charset must win over the (wrong) <meta charset>.
            body = ('<html><head><meta charset="utf-8"><title>Caf\u00e9</title></head><body><article>'
                    + "<p>Le caf\u00e9 cr\u00e8me co\u00fbte trois euros, servi en terrasse, sous le soleil.</p>" * 4
                    + "</article></body></html>").encode("latin-1")
            self._send(200, "text/html; charset=iso-8859-1", body)
        elif self.path == "/moved":
            self._send(301, "text/html", b"", {"Location": "/page.html"})
        elif self.path == "/loop":
            self._send(302, "text/html", b"", {"Location": "/loop"})
        elif self.path == "/image.png":
            self._send(200, "image/png", b"\x89PNG\r\n\x1a\n" + b"\0" * 64)
        elif self.path == "/stall":
            time.sleep(STALL_SECONDS)
            self._send(200, "text/html", b"<p>too late</p>")
        else:
            self._send(404, "text/html", b"<h1>Not Found</h1>")


@pytest.fixture(scope="module")
def server():
    Handler.page = EXAMPLE.read_bytes()
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    httpd.daemon_threads = True
    thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(timeout=10)


# ------------------------------------------------------------------ article

def test_article_file_prints_text():
    result = run("article", str(EXAMPLE))
    assert result.returncode == 0, result.stderr
    text = result.stdout.decode("utf8")
    assert EXAMPLE_SENTENCE in text
    assert "Most read" not in text  # the sidebar is boilerplate
    assert not text.lstrip().startswith("{")  # one page, text format: no JSON


def test_article_json_has_metadata():
    result = run("article", "--format", "json", str(EXAMPLE))
    assert result.returncode == 0, result.stderr
    (record,) = records(result)
    assert record["source"] == str(EXAMPLE)
    assert record["title"] == EXAMPLE_TITLE
    assert record["byline"] == "Mara Lindqvist"
    assert record["date"].startswith("2026-11-18")
    assert record["lang"] == "en"
    assert record["url"] is None
    assert EXAMPLE_SENTENCE in record["text"]


def test_article_markdown_has_headings():
    result = run("article", "--format", "markdown", str(EXAMPLE))
    assert result.returncode == 0, result.stderr
    text = result.stdout.decode("utf8")
    assert text.startswith(f"# {EXAMPLE_TITLE}\n")
    assert "\n## Why now\n" in text
    assert "\n- Zurich to Vienna: about 11 hours, daily.\n" in text


def test_article_html_is_a_clean_fragment():
    result = run("article", "--format", "html", str(EXAMPLE))
    assert result.returncode == 0, result.stderr
    text = result.stdout.decode("utf8")
    assert text.startswith("<p>For the first time in ten years")
    assert "<h2>Why now</h2>" in text and "<li>Zurich to Vienna: about 11 hours, daily.</li>" in text
    assert "<script" not in text and "Most read" not in text


def test_article_directory_walk_in_sorted_order(tmp_path, pages):
    nested = tmp_path / "b"
    nested.mkdir()
    names = [tmp_path / "a.html", nested / "c.htm", nested / "d.html.gz"]
    names[0].write_text(read_gzip_text(pages[0]), encoding="utf8")
    names[1].write_text(read_gzip_text(pages[1]), encoding="utf8")
    names[2].write_bytes(gzip.compress(read_gzip_text(pages[2]).encode("utf8")))
    (tmp_path / "notes.txt").write_text("not a page")  # skipped by the walk
    result = run("article", str(tmp_path))
    assert result.returncode == 0, result.stderr
    got = records(result)
    assert [r["source"] for r in got] == [str(p) for p in names]
    assert all(r["text"] for r in got)


def test_article_stdin():
    result = run("article", "--format", "json", "-", stdin=EXAMPLE.read_bytes())
    assert result.returncode == 0, result.stderr
    (record,) = records(result)
    assert record["source"] == "-"
    assert record["title"] == EXAMPLE_TITLE


def test_article_url(server):
    url = f"{server}/page.html"
    result = run("article", "--format", "json", url)
    assert result.returncode == 0, result.stderr
    (record,) = records(result)
    assert record["source"] == url and record["url"] == url
    assert EXAMPLE_SENTENCE in record["text"]


def test_url_charset_from_headers(server):
    result = run("article", f"{server}/latin1.html")
    assert result.returncode == 0, result.stderr
    assert "Le caf\u00e9 cr\u00e8me co\u00fbte trois euros" in result.stdout.decode("utf8")


def test_url_redirect_followed_and_final_url_kept(server):
    result = run("article", "--format", "json", f"{server}/moved")
    assert result.returncode == 0, result.stderr
    (record,) = records(result)
    assert record["url"] == f"{server}/page.html"


@pytest.mark.parametrize(("path", "args", "message"), [
    ("/missing.html", (), "HTTP 404"),  # the status, not a page
    ("/image.png", (), "not HTML: the server sent image/png"),
    ("/loop", ("--max-redirects", "3"), "too many redirects"),
    ("/stall", ("--timeout", "0.5"), "timed out after 0.5 s"),
    ("/page.html", ("--max-bytes", "1000"), "too large"),  # the size cap
])
def test_url_failures_are_records(server, path, args, message):
    url = f"{server}{path}"
    result = run("article", "--format", "json", *args, url)
    assert result.returncode == 1
    (record,) = records(result)
    assert record["source"] == url
    assert message in record["error"]
    lines = stderr_lines(result)
    assert len(lines) == 1 and lines[0].startswith(f"turbohtml: {url}: ") and message in lines[0]


def test_single_text_failure_exits_1_with_one_line(tmp_path):
    missing = tmp_path / "missing.html"
    result = run("article", str(missing))
    assert result.returncode == 1
    assert result.stdout == b""
    assert stderr_lines(result) == [f"turbohtml: {missing}: no such file or directory"]


def test_batch_keeps_input_order_and_reports_errors(tmp_path, pages, server):
    good = []
    for index, page in enumerate(pages):
        path = tmp_path / f"{index}.html"
        path.write_text(read_gzip_text(page), encoding="utf8")
        good.append(str(path))
    empty = tmp_path / "empty"
    empty.mkdir()
    inputs = [good[2], str(tmp_path / "nope.html"), f"{server}/page.html", good[0], f"{server}/missing",
              str(empty), good[1], str(EXAMPLE)]
    result = run("article", "--format", "json", "--jobs", "3", *inputs)
    assert result.returncode == 1
    got = records(result)
    assert [r["source"] for r in got] == inputs
    failed = {r["source"]: r["error"] for r in got if "error" in r}
    assert failed == {
        str(tmp_path / "nope.html"): "no such file or directory",
        f"{server}/missing": "HTTP 404 Not Found",
        str(empty): "no HTML files in this directory",
    }
    assert all(r["text"] for r in got if "error" not in r)
    assert len(stderr_lines(result)) == 3  # one line per failure, no progress bar (not a TTY)


def test_batch_matches_single_runs(pages, tmp_path):
    paths = []
    for index, page in enumerate(pages):
        path = tmp_path / f"{index}.html"
        path.write_text(read_gzip_text(page), encoding="utf8")
        paths.append(str(path))
    parallel = records(run("article", "--format", "json", "--jobs", "3", *paths))
    serial = [records(run("article", "--format", "json", "--jobs", "1", p))[0] for p in paths]
    assert parallel == serial


def test_progress_bar_only_on_a_terminal(tmp_path):
    pty = pytest.importorskip("pty")
    paths = []
    for index in range(3):
        path = tmp_path / f"{index}.html"
        path.write_bytes(EXAMPLE.read_bytes())
        paths.append(str(path))
    fcntl, termios = pytest.importorskip("fcntl"), pytest.importorskip("termios")
    master, slave = pty.openpty()
    # a terminal 80 columns wide (a fresh pty reports 0, and tqdm draws nothing in 0 columns)
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = dict(os.environ)
    package_root = str(Path(turbohtml.__file__).resolve().parents[1])
    env["PYTHONPATH"] = package_root
    drawn = bytearray()

    def drain() -> None:  # read the terminal while the command runs
        while True:
            try:
                chunk = os.read(master, 65536)
            except OSError:  # EIO once the terminal's writer is gone
                return
            if not chunk:
                return
            drawn.extend(chunk)

    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    try:
        result = subprocess.run([sys.executable, "-m", "turbohtml", "dates", "--jobs", "2", *paths],
                                stdout=subprocess.PIPE, stderr=slave, timeout=120, env=env, cwd=package_root)
    finally:
        os.close(slave)
    reader.join(timeout=10)
    os.close(master)
    assert result.returncode == 0
    assert b"0/3" in drawn  # tqdm drew on the terminal...
    assert [r["source"] for r in records(result)] == paths  # ...and stdout stayed clean JSON Lines


# ------------------------------------------------------------------ the other page commands

#: The fields of each page command's record (besides "source").
FIELDS = {
    "article": {"title", "byline", "author", "date", "date_modified", "description", "site_name", "canonical",
                "image", "tags", "categories", "lang", "page_type", "url", "text"},
    "boilerplate": {"paragraphs"},
    "dates": {"date", "signal"},
    "links": {"links"},
    "structured": {"json_ld", "microdata", "opengraph"},
}


@pytest.mark.parametrize("command", sorted(FIELDS))
def test_every_command_reads_every_kind_of_input(command, tmp_path, pages, server):
    """A file, a directory, stdin and a URL in one batch: four records, in that order."""
    folder = tmp_path / "pages"
    folder.mkdir()
    (folder / "one.html").write_text(read_gzip_text(pages[1]), encoding="utf8")
    args = [command, str(EXAMPLE), str(folder), "-", f"{server}/page.html"]
    if command == "article":
        args[1:1] = ["--format", "json"]
    result = run(*args, stdin=read_gzip_text(pages[0]).encode("utf8"))
    assert result.returncode == 0, result.stderr
    got = records(result)
    assert [r["source"] for r in got] == [str(EXAMPLE), str(folder / "one.html"), "-", f"{server}/page.html"]
    for record in got:
        assert set(record) == FIELDS[command] | {"source"}
    if command not in ("links", "structured"):  # those two resolve URLs against the fetched page
        # the file and the served copy of the same page give the same answer
        same_file, same_served = ({k: v for k, v in r.items() if k not in ("source", "url")} for r in (got[0], got[3]))
        assert same_file == same_served


def test_boilerplate():
    result = run("boilerplate", str(EXAMPLE))
    assert result.returncode == 0, result.stderr
    (record,) = records(result)
    paragraphs = record["paragraphs"]
    assert set(paragraphs[0]) == {"text", "is_boilerplate", "is_heading"}
    content = [p["text"] for p in paragraphs if not p["is_boilerplate"]]
    assert content[0].startswith(EXAMPLE_SENTENCE)
    assert any(p["is_boilerplate"] and p["text"] == "Most read" and p["is_heading"] for p in paragraphs)


def test_dates(server):
    result = run("dates", str(EXAMPLE), "-", f"{server}/page.html", stdin=EXAMPLE.read_bytes())
    assert result.returncode == 0, result.stderr
    got = records(result)
    assert [r["source"] for r in got] == [str(EXAMPLE), "-", f"{server}/page.html"]
    assert all(r["date"] == "2026-11-18" and r["signal"] == "meta" for r in got)


def test_dates_none_is_null(tmp_path):
    page = tmp_path / "undated.html"
    page.write_text("<html><body><p>No date anywhere on this page.</p></body></html>")
    result = run("dates", "--fast", str(page))
    assert result.returncode == 0, result.stderr
    assert records(result) == [{"source": str(page), "date": None, "signal": None}]


def test_links_base_and_external(server):
    result = run("links", "--base", "https://gazette.example.org/travel/", str(EXAMPLE))
    assert result.returncode == 0, result.stderr
    (record,) = records(result)
    links = record["links"]
    assert links == sorted(links)
    assert all(link.startswith("https://") for link in links)
    assert any(link.startswith("https://gazette.example.org/") for link in links)
    external = records(run("links", "--external", "--base", "https://gazette.example.org/", str(EXAMPLE)))[0]
    assert external["links"] and not any("gazette.example.org" in link for link in external["links"])
    assert set(external["links"]) < set(links)
    # a fetched page resolves against its own URL
    fetched = records(run("links", f"{server}/page.html"))[0]
    assert fetched["links"]


def test_links_external_without_base_is_a_record_error():
    result = run("links", "--external", str(EXAMPLE))
    assert result.returncode == 1
    (record,) = records(result)
    assert "--external needs --base" in record["error"]


def test_structured(pages):
    result = run("structured", "-", stdin=read_gzip_text(pages[0]).encode("utf8"))
    assert result.returncode == 0, result.stderr
    (record,) = records(result)
    assert set(record) == {"source", "json_ld", "microdata", "opengraph"}
    assert record["json_ld"] and isinstance(record["json_ld"], list)
    assert record["opengraph"].get("title")
    example = records(run("structured", str(EXAMPLE)))[0]
    assert example["opengraph"]["type"] == "article"


def test_normalize_url():
    result = run("normalize-url", "HTTP://Example.ORG:80/a/../b/?utm_source=x&z=1&a=2#top",
                 "https://m\u00fcnchen.de/")
    assert result.returncode == 0, result.stderr
    assert result.stdout.decode("utf8").splitlines() == [
        "http://example.org/b/?a=2&z=1#top",
        "https://xn--mnchen-3ya.de/",
    ]
    strict = run("normalize-url", "--strict", "--trim-slash", "https://example.org/b/?q=1&id=2#top",
                 "https://example.org/c/#top")
    # strict keeps only content-identifying parameters; a slash before a query stays
    assert strict.stdout.decode("utf8").splitlines() == ["https://example.org/b/?id=2", "https://example.org/c"]


def test_normalize_url_stdin_and_failure():
    result = run("normalize-url", "-", "http://[::1", stdin=b"https://example.org/x?utm_medium=y\n\n")
    assert result.returncode == 1
    assert result.stdout.decode("utf8").splitlines() == ["https://example.org/x"]
    lines = stderr_lines(result)
    assert len(lines) == 1 and lines[0].startswith("turbohtml: http://[::1: ")


# ------------------------------------------------------------------ usage errors

@pytest.mark.parametrize("args", [
    (),  # no command
    ("article",),  # no PATH
    ("summarize", "x.html"),  # unknown command
    ("article", "--format", "pdf", "x.html"),
    ("article", "--jobs", "0", "x.html"),
    ("article", "--timeout", "soon", "x.html"),
    ("links", "--base", "example.org", "x.html"),  # not an http(s) URL
])
def test_usage_errors_exit_2(args):
    result = run(*args, jobs=None)
    assert result.returncode == 2
    assert result.stdout == b""
    assert "usage: turbohtml" in result.stderr.decode("utf8")


def test_help_and_version():
    result = run("--help", jobs=None)
    assert result.returncode == 0
    assert b"normalize-url" in result.stdout
    version = run("--version", jobs=None)
    assert version.stdout.decode().strip() == f"turbohtml {turbohtml.__version__}"


# ------------------------------------------------------------------ hostile batches

def _hostile_batch(folder: Path) -> dict[str, str | None]:
    """Pages that each broke a batch once, and the error each must become (None: a result)."""
    folder.mkdir()
    # JSON-LD with a "\ud800" escape: the value holds a lone surrogate, which UTF-8 cannot
    # encode; it used to escape as UnicodeEncodeError while writing and end the run
    (folder / "a_surrogate.html").write_text(
        '<script type="application/ld+json">{"@type": "Thing", "name": "x\\ud800y"}</script>'
        "<article><p>A page whose JSON-LD holds a lone surrogate escape, and a sentence.</p></article>")
    # a 400-element itemref chain: 400 nested items, deeper than json.dumps recurses
    chain = "".join(f'<div id="i{i}" itemprop="next" itemscope itemref="i{i + 1}"></div>' for i in range(400))
    (folder / "b_itemref.html").write_text(f'<div itemscope itemref="i0"></div>{chain}')
    os.mkfifo(folder / "c_fifo.html")  # opening it would wait for a writer forever
    (folder / "d_dangling.html").symlink_to(folder / "nowhere")
    unreadable = folder / "e_unreadable.html"
    unreadable.write_text("<p>secret</p>")
    unreadable.chmod(0)
    with gzip.open(folder / "f_bomb.html.gz", "wb", compresslevel=9) as bomb:  # 11 MiB inflated
        for _ in range(11):
            bomb.write(b"\0" * (1 << 20))
    (folder / "g_binary.html").write_bytes(bytes(range(256)) * 40)
    (folder / "h_empty.html").write_bytes(b"")
    root = os.geteuid() == 0  # root reads a mode-000 file
    return {"a_surrogate.html": None, "b_itemref.html": None, "c_fifo.html": "not a regular file: a FIFO",
            "d_dangling.html": "no such file or directory",
            "e_unreadable.html": None if root else "Permission denied",
            "f_bomb.html.gz": "too large: more than 10485760 bytes (see --max-bytes)",
            "g_binary.html": None, "h_empty.html": None}


def _deep_loads(line: str):
    import json as json_module

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(10_000)  # the itemref record nests 1,200 levels: valid JSON, deep
    try:
        return json_module.loads(line)
    finally:
        sys.setrecursionlimit(limit)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
@pytest.mark.parametrize("command", sorted(FIELDS))
@pytest.mark.parametrize("jobs", ["1", "3"])
def test_hostile_batch_gives_one_record_per_input(command, jobs, tmp_path):
    expected = _hostile_batch(tmp_path / "batch")
    args = [command, "--format", "json"] if command == "article" else [command]
    result = run(*args, str(tmp_path / "batch"), jobs=jobs)
    assert result.returncode == 1
    lines = result.stdout.decode("utf8").splitlines()
    got = [_deep_loads(line) for line in lines]
    assert [Path(r["source"]).name for r in got] == sorted(expected)
    for record in got:
        error = expected[Path(record["source"]).name]
        if error is None:
            assert set(record) == FIELDS[command] | {"source"}, record
        else:
            assert record == {"source": record["source"], "error": error}
    assert len(stderr_lines(result)) == sum(error is not None for error in expected.values())
    if command == "structured":
        surrogate, chain = got[0], got[1]
        # the lone surrogate is written as the JSON escape it came in as
        assert surrogate["json_ld"] == [{"@type": "Thing", "name": "x\ud800y"}]
        assert '"x\\ud800y"' in lines[0]
        depth, item = 0, chain["microdata"][0]
        while "next" in item["properties"]:
            item, depth = item["properties"]["next"][0], depth + 1
        assert depth == 400


def test_walk_reads_a_gzip_page_under_the_cap_and_not_a_bomb_past_a_lower_cap(tmp_path):
    page = tmp_path / "page.html.gz"
    page.write_bytes(gzip.compress(EXAMPLE.read_bytes()))
    size = len(EXAMPLE.read_bytes())
    ok = records(run("article", "--format", "json", str(page)))[0]
    assert EXAMPLE_SENTENCE in ok["text"]
    capped = run("article", "--format", "json", "--max-bytes", str(size - 1), str(page), "-",
                 stdin=EXAMPLE.read_bytes())
    assert [r.get("error") for r in records(capped)] == [
        f"too large: more than {size - 1} bytes (see --max-bytes)"] * 2  # the file and stdin


def test_a_named_pipe_given_by_name_is_read(tmp_path):
    # <(cat page.html) names a pipe: read it (a walk would refuse it)
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    writer = threading.Thread(target=lambda: fifo.write_bytes(EXAMPLE.read_bytes()))
    writer.start()
    result = run("article", str(fifo))
    writer.join(timeout=10)
    assert result.returncode == 0 and EXAMPLE_SENTENCE in result.stdout.decode("utf8")


def test_loopback_url_refused_by_default(server):
    url = f"{server}/page.html"
    result = run("article", "--format", "json", url, allow_private=False)
    assert result.returncode == 1
    (record,) = records(result)
    assert record["error"].startswith("refused: 127.0.0.1 resolves to 127.0.0.1, a loopback address")
    assert "--allow-private" in record["error"]


# ------------------------------------------------------------------ signals

def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc")
@pytest.mark.parametrize(("signame", "group"), [("SIGTERM", False), ("SIGINT", False), ("SIGINT", True)])
def test_signal_mid_batch_stops_the_workers(signame, group, tmp_path, pages):
    import signal

    folder = tmp_path / "batch"
    folder.mkdir()
    text = read_gzip_text(pages[0]) * 3
    for index in range(200):
        (folder / f"{index:03d}.html").write_text(text, encoding="utf8")
    env = dict(os.environ)
    package_root = str(Path(turbohtml.__file__).resolve().parents[1])
    env["PYTHONPATH"] = package_root
    process = subprocess.Popen([sys.executable, "-m", "turbohtml", "dates", "--jobs", "2", str(folder)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=package_root,
                               start_new_session=True)
    first = b""
    while not first.endswith(b"\n"):  # unbuffered: wait for the first whole line
        first += os.read(process.stdout.fileno(), 1)
    workers = _children(process.pid)
    assert len(workers) >= 2
    signum = getattr(signal, signame)
    if group:  # Ctrl-C in a terminal: the signal reaches the workers too
        os.killpg(process.pid, signum)
    else:
        process.send_signal(signum)
    try:
        rest, err = process.communicate(timeout=2)  # the hang guard: exit within 2 s
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        pytest.fail(f"still running 2 s after {signame}")
    assert process.returncode == 128 + signum
    output = first + rest
    assert output.endswith(b"\n")  # no line cut
    lines = output.decode("utf8").splitlines()
    assert 1 <= len(lines) < 200
    assert [Path(json.loads(line)["source"]).name for line in lines] == [f"{i:03d}.html" for i in range(len(lines))]
    assert f"stopped by {signame} after {len(lines)} of 200 records" in err.decode()
    time.sleep(0.2)
    assert [pid for pid in workers if Path(f"/proc/{pid}").exists()
            and "Z" not in (Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0])] == []


def test_output_dir_writes_a_file_per_page(tmp_path):
    pages = tmp_path / "pages"
    (pages / "sub").mkdir(parents=True)
    (pages / "night-trains.html").write_bytes(EXAMPLE.read_bytes())
    (pages / "sub" / "night-trains.html").write_bytes(EXAMPLE.read_bytes())  # the same name twice
    out = tmp_path / "out"
    result = run("article", "--format", "markdown", "--output-dir", str(out), str(pages))
    assert result.returncode == 0 and result.stdout == b""
    assert sorted(path.name for path in out.iterdir()) == ["night-trains-2.md", "night-trains.md"]
    single = run("article", "--format", "markdown", str(pages / "night-trains.html")).stdout
    assert (out / "night-trains.md").read_bytes() == single
    assert (out / "night-trains.md").read_text().startswith("# Night trains return to the Alps\n")
