"""Reliability: fuzz findings as regression tests, hostile inputs, leaks, threads.

The contract every check asserts (return types, the only documented exceptions) lives
in ``fuzz/contract.py``, shared with the atheris harnesses; the hostile page shapes in
``fuzz/hostile.py``. Nothing here needs atheris except ``test_harness_runs``, which
is skipped without it. No timing assertions: speed is measured in ``bench/``.
"""

from __future__ import annotations

import gc
import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

import turbohtml
from turbohtml import extract as X

from conftest import collector_paused, growth_ratio, measures_rss

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "fuzz"))

import contract  # noqa: E402  (fuzz/ goes on sys.path first)
import hostile  # noqa: E402

TEXT = hostile.TEXT


def _pages(count: int, max_chars: int | None = None) -> list[tuple[str, str]]:
    found = list(contract.pages(limit=count, stride=7, max_chars=max_chars))
    if len(found) < count:
        pytest.fail(f"shared data missing under {contract.DATA} (set TURBOHTML_DATA)")
    return found


# ---------------------------------------------------------------- fuzz findings
#
# Each test names the harness that found the case and holds the minimized input.


def test_attr_finds_a_non_ascii_attribute_name_attrs_lists():
    # fuzz_parse: b"1\x01\xd0\t\t\x00\x005\x00\x00\xd0\x00" built a page whose element
    # carried "Ðharset"; attrs listed it but attr("Ðharset") returned None, because
    # attr() lower-cased with str.lower() ("ð") while the parser lowers ASCII only.
    p = turbohtml.parse("<p \u00d0hArset=1 DATA-X=2>").select_one("p")
    assert dict(p.attrs) == {"\u00d0harset": "1", "data-x": "2"}
    for name in p.attrs:
        assert p.attr(name) is not None
    assert p.attr("\u00d0HARSET") == "1"  # ASCII letters still fold
    assert p.attr("\u00f0harset") is None  # non-ASCII case is significant, as in HTML
    assert p.attr("Data-X") == "2"


@pytest.mark.parametrize(
    "html",
    [
        "<body><div>&nbsp;</div>",  # minimized: a unit of one U+00A0
        "<body><article><p>" + TEXT * 3 + "</p><p>&nbsp;&#x2003;</p></article>",  # inside the content body
    ],
)
def test_boilerplate_never_reports_a_blank_paragraph(html):
    # The first contract run over the shared pages (about a quarter of them): the C unit
    # walk kept a unit of Unicode spaces, which the folding emptied; the spec says
    # Paragraph.text is never empty.
    for options in contract.EXTRACTIONS:
        paragraphs = X.boilerplate(html, options)
        assert all(p.text for p in paragraphs)
    assert all(p.text for p in turbohtml.parse(html).boilerplate())


@pytest.mark.parametrize(
    ("url", "expected"),
    [("ftp://%41.com/", "ftp://a.com/"), ("http://EXAMPLE.%43om/x", "http://example.com/x"),
     ("http://ex%41mple.com/", "http://example.com/")],
)
def test_normalize_url_lowercases_a_percent_encoded_host(url, expected):
    # fuzz_urls: "ftp://%41.com/" -> "ftp://A.com/" -> "ftp://a.com/": the WHATWG host
    # parser percent-decodes then maps to lower case (domain to ASCII), so the
    # canonical form is a.com, and normalize_url must be a fixed point.
    assert X.normalize_url(url) == expected


def test_a_base_url_with_a_lone_surrogate_is_taken_as_every_function_takes_it():
    # fuzz_urls: extract_links raised ValueError for base_url
    # "ftp://xn--mnchen-3ya.de/Ｃ\udcdc...", which microdata() and opengraph() accept
    # (the URL standard reads a lone surrogate as U+FFFD); now all three resolve against it
    base = "http://a.com/x\udcdc/"
    page = '<a href="y">l</a><div itemscope><a itemprop=u href="y">l</a></div><meta property=og:url content="y">'
    expected = "http://a.com/x%EF%BF%BD/y"
    assert X.extract_links(page, base) == {expected}
    assert X.extract_links('<a href="https://b.org/">l</a>' + page, base, external_only=True) == {"https://b.org/"}
    assert X.microdata(page, base)[0].properties["u"] == [expected]
    assert X.opengraph(page, base)["url"] == expected
    with pytest.raises(ValueError, match="surrogate"):
        X.normalize_url(base)  # the URLs normalized stay strict, as the spec says


@pytest.mark.parametrize("url", ["/.//path", "/..//path", "/././/x?a=1"])
def test_normalize_url_keeps_a_relative_path_a_path(url):
    # contract run over the WHATWG URL inputs: "/.//path" normalized to "//path", a
    # scheme-relative reference to the host "path" (the serializer's "/." guard is lost
    # when the sentinel base comes off), and normalizing again gives "//path/".
    normal = X.normalize_url(url)
    assert not normal.startswith("//")
    assert X.normalize_url(normal) == normal


# ---------------------------------------------------------------- hostile pages

# The 100k-deep shapes are checked with a lighter node pass (each node's .html is the
# whole subtree: 64 of them would be 64 full serializations).
_HOSTILE = hostile.pages_for_tests()


@pytest.mark.parametrize("name", sorted(_HOSTILE))
def test_hostile_page_keeps_the_contract(name):
    html = _HOSTILE[name]
    doc = contract.check_parse(html)
    contract.check_nodes(doc, limit=8 if "100k" in name else 64)
    contract.check_document(doc, which=len(name))
    if "100k" not in name:  # the str entry points re-parse: once is enough for the deepest
        contract.check_extract_html(html, which=len(name), base_url="http://example.com/")
        contract.check_parse(html.encode("utf-8", "surrogatepass"))


@pytest.mark.parametrize("tag", ["span", "mixed"])
def test_100k_deep_inline_nesting_stops_at_the_cap(tag):
    # 100,000 nested start tags: the tree builder keeps at most 512 elements open
    # (vendor/lexbor/patches/0005, docs/reliability.md), so the tree is as deep as that
    # and no deeper, the text still at the bottom, and every walk reaches it.
    html = hostile.deep_inline(100_000) if tag == "span" else hostile.deep_mixed_inline(100_000)
    doc = turbohtml.parse(html)
    bottom = next(n for n in doc.descendants if n.tag is None and "sentence" in n.text)
    depth, node = 0, bottom
    while node is not None:
        node, depth = node.parent, depth + 1
    assert 500 <= depth <= 512 + 64 + 2  # the stack's cap, reconstruction's list, the document
    assert TEXT.strip() in doc.body.text
    assert doc.body.html.count("<") >= 1_000
    assert TEXT.strip() in doc.main_text() or doc.main_content() is None


def test_nul_and_lone_surrogates_become_replacement_characters():
    doc = turbohtml.parse("<p id='\ud800'>a\ud800b\x00c</p>")
    p = doc.select_one("p")
    assert p.attr("id") == "\ufffd"
    assert "a\ufffdb" in p.text
    assert "\ud800" not in doc.html


@pytest.mark.parametrize(
    "data",
    [
        b"<p>caf\xe9 \xff\xfe</p>",  # not UTF-8: windows-1252
        b'<meta charset="bogus-charset"><p>\xc3\xa9</p>',  # unknown label
        b'<meta charset="utf-16"><p>x</p>',  # ASCII cannot declare UTF-16
        b"\xef\xbb\xbf<p>\xc3\x28 broken after BOM</p>",
        b"\xff\xfe<\x00p\x00>\x00x",  # UTF-16LE, odd length
        b"\xfe\xff\x00<\x00p\x00>\xd8\x00",  # UTF-16BE, lone high surrogate
        b'<meta charset="shift_jis"><p>\x81\x81\xff\x80</p>',
        b'<meta http-equiv="Content-Type" content="text/html; charset=x-user-defined"><p>\x80\x81</p>',
        bytes(range(256)) * 8,
    ],
)
def test_broken_encodings_parse(data):
    doc = contract.check_parse(data)
    contract.check_nodes(doc)
    contract.check_document(doc)
    assert isinstance(doc.text, str)


def test_malformed_json_ld_is_skipped_or_repaired_never_raised():
    doc = turbohtml.parse(hostile.malformed_json_ld(5000))
    blocks = doc.json_ld()
    assert isinstance(blocks, list)
    # The trailing-comma and commented blocks are repaired; NaN and the deep and
    # unterminated ones are dropped, not raised.
    assert {"@type": "Article", "datePublished": "2020-01-01"} in blocks
    assert {"@type": "Article", "headline": "x"} in blocks
    assert doc.dates() is None or isinstance(doc.dates(), X.PublicationDate)


def test_itemref_cycles_terminate():
    items = turbohtml.parse(hostile.itemref_cycles(3000)).microdata()
    first = items[0]
    assert first.type == "http://schema.org/Thing"
    assert first.get("x") == "1"
    # the a <-> b cycle: each item reached once, the repeat marked per the standard
    json.loads(first.json())
    chain = next(item for item in items if item.get("p0") is not None)
    depth, item = 0, chain
    while isinstance(item, X.MicrodataItem):
        depth += 1
        item = next((v for values in item.properties.values() for v in values if isinstance(v, X.MicrodataItem)),
                    None)
    assert depth >= 3000


def test_itemref_chain_inside_an_item_shares_its_items():
    # fuzz_structured (timeout, 69 s): itemref_cycles() spliced into a real page inside
    # an itemscope element. Each chain element is then a property of the enclosing item
    # and, through the chain, of its predecessor: the standard's JSON holds n^2/2 items
    # (134 MB for that 308 kB page). microdata() itself stays linear because an element
    # is one shared MicrodataItem wherever it is a value; the JSON size is a documented
    # limit (docs/reliability.md), and the contract checks skip json() above a bound.
    n = 3000
    chain = "".join(f'<div id="r{i}" itemprop="p{i}" itemscope itemref="r{i + 1}"></div>' for i in range(n))
    (item,) = turbohtml.parse(f"<div itemscope>{chain}</div>").microdata()
    assert len(item.properties) == n
    assert item.get("p0").get("p1") is item.get("p1")
    assert item.get(f"p{n - 2}").get(f"p{n - 1}") is item.get(f"p{n - 1}")
    assert contract._expanded_size(item) > contract.JSON_NODE_LIMIT
    contract._check_microdata([item])  # no json() of 4.5 million nested items


def test_items_rebuilt_per_path_stay_within_a_linear_budget():
    # fuzz_structured (timeout, 71 s; 11 s for microdata() alone): a mangled copy of
    # itemref_cycles() in a real page. Items whose value holds a cycle marker depend on
    # the path to them and are built again per path; a million rebuilt items, each
    # recomputing its text values, made 371 MB of strings. Minimized: 2,000 top-level
    # items referencing one 2,000-item itemref ring (4 million paths).
    k = ring = 2000
    hubs = '<div itemscope itemref="c0"></div>' * k
    items_html = "".join(f'<div id="c{i}" itemprop="p" itemscope itemref="c{(i + 1) % ring}">'
                         f'<span itemprop="t">{"w " * 50}</span></div>' for i in range(ring))
    items = turbohtml.parse(f"<body>{hubs}<section>{items_html}</section>").microdata()
    assert len(items) == k
    first = items[0].get("p")
    assert first.get("t") == "w " * 50 and first.get("p").get("p").get("t") == "w " * 50
    # each property element's value is one object however many paths reach it
    assert items[0].get("p").get("t") is items[1].get("p").get("t")
    seen, stack = set(), list(items)
    while stack:
        item = stack.pop()
        if id(item) not in seen:
            seen.add(id(item))
            stack.extend(v for values in item.properties.values() for v in values
                         if isinstance(v, X.MicrodataItem))
    assert len(seen) < 200_000  # the rebuild budget: 100,000 + 8 per microdata element


def test_ten_thousand_parameter_url():
    url = hostile.many_params_url(10_000)
    normal = X.normalize_url(url)
    assert "utm_source" not in normal and "fbclid" not in normal
    kept = normal.split("?", 1)[1].split("#", 1)[0].split("&")
    assert len(kept) == 8000
    assert kept == sorted(kept, key=lambda pair: pair.split("=", 1)[0])
    assert X.clean_url(url) == normal
    assert X.normalize_url(normal) == normal
    links = X.extract_links(f'<a href="{url}">x</a>', "http://example.com/")
    assert links == {normal}


@pytest.mark.parametrize("url", hostile.BROKEN_URLS)
def test_broken_urls_keep_the_contract(url):
    for which in range(len(contract.URL_OPTIONS)):
        contract.check_url(url, which)
    contract.check_extract_links(f'<a href="{url}">x</a><base href="{url}">', "http://example.com/")


@pytest.mark.parametrize("url", ["http://[::1", "http://[1:2:3:4:5:6:7:8:9]/", "http://[g::1]/", "http://[1::2::3]/"])
def test_broken_ipv6_is_a_value_error_for_normalize_and_none_for_clean(url):
    with pytest.raises(ValueError):
        X.normalize_url(url)
    assert X.clean_url(url) is None


def test_shared_urls_keep_the_contract():
    # Every URL input of the WHATWG tests and the w3lib/courlan case files.
    urls = contract.urls()
    assert len(urls) > 500
    for index, url in enumerate(urls):
        contract.check_url(url, index)


def test_shared_pages_keep_the_contract():
    # A spread of the real pages (every 7th, up to 60) through every public function.
    for index, (_name, html) in enumerate(_pages(60, max_chars=200_000)):
        doc = contract.check_parse(html)
        contract.check_nodes(doc, limit=32)
        contract.check_document(doc, index)
        if index % 4 == 0:
            contract.check_extract_html(html, index, contract.BASE_URLS[index % len(contract.BASE_URLS)])


# ---------------------------------------------------------------- leaks


def _rss() -> int:
    with open("/proc/self/statm") as handle:
        return int(handle.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


needs_proc = pytest.mark.skipif(not Path("/proc/self/statm").exists(), reason="reads /proc/self/statm")

# The issue asks for 10,000 calls per function; that takes minutes on real pages, so CI
# runs LEAK_ROUNDS rounds (each calls every public function once per page, 8 pages:
# 1,600 calls per function by default) in about 20 s. TURBOHTML_LEAK_ROUNDS=1250 runs
# the full 10,000.
LEAK_ROUNDS = int(os.environ.get("TURBOHTML_LEAK_ROUNDS", "200"))
LEAK_BOUND = 4 * 1024 * 1024  # bytes of RSS growth allowed after warm-up


def _call_everything(html: str, index: int) -> None:
    doc = turbohtml.parse(html)
    turbohtml.parse(html.encode("utf-8"))
    body = doc.body
    body.tag, dict(body.attrs), body.attr("class"), body.text, body.parent, body.children
    for _node in doc.descendants:
        pass
    doc.select("p, a[href]"), doc.select_one("div"), body.html, body.inner_html
    doc.main_content(), doc.main_text(), doc.article(), doc.links()
    doc.boilerplate(), doc.dates(), doc.microdata("http://example.com/"), doc.opengraph("http://example.com/")
    doc.json_ld(), doc.structured_data("http://example.com/")
    X.boilerplate(html), X.dates(html), X.microdata(html), X.opengraph(html)
    X.extract_links(html, "http://example.com/", None, external_only=bool(index % 2))
    for url in ("http://Example.com/a/../b?utm_source=x&b=2&a=1#f", "https://[::1]:443/x", "http://[::1"):
        X.clean_url(url)
        try:
            X.normalize_url(url)
        except ValueError:
            pass


@needs_proc
def test_rss_probe_sees_lexbor_memory():
    # The probe can fail: holding 200 parsed pages (lexbor's arenas, allocated through
    # PyMem_Raw*) moves RSS well past LEAK_BOUND.
    html = _pages(1)[0][1]
    gc.collect()
    before = _rss()
    held = [turbohtml.parse(html) for _ in range(200)]
    assert _rss() - before > LEAK_BOUND
    del held


@needs_proc
@measures_rss
def test_no_leak_when_every_function_runs_in_a_loop():
    pages = [html for _name, html in _pages(8, max_chars=60_000)]
    for index, html in enumerate(pages * 3):  # warm-up: caches, interned strings, arenas
        _call_everything(html, index)
    gc.collect()
    start = _rss()
    for round_ in range(LEAK_ROUNDS):
        for index, html in enumerate(pages):
            _call_everything(html, round_ + index)
    gc.collect()
    grown = _rss() - start
    assert grown < LEAK_BOUND, f"RSS grew {grown / 1e6:.1f} MB over {LEAK_ROUNDS} rounds"


# Each URL function and extract_links on the URLs that take lexbor's opaque-path state
# (every scheme but the special ones), which lost 12-20 bytes per parse in lexbor's pool:
# 3.6-6 MB over the calls below, linear. The child process measures RSS growth between
# two call counts after a warm-up, so the allocator's first-touch growth is not counted.
_URL_LEAK_CHILD = """
import sys
from turbohtml.extract import clean_url, extract_links, normalize_url
from turbohtml._core import url_split

URLS = ["mailto:a@example.com", "javascript:void(0)", "tel:+15551234", "data:text/plain,hi"]
PAGE = "".join(f'<a href="{URLS[i % 4]}{i}">x</a>' for i in range(1000))
CALLS = {
    "clean_url": lambda i: clean_url(URLS[i % 4]),
    "normalize_url": lambda i: normalize_url(URLS[i % 4]),
    "url_split": lambda i: url_split(URLS[i % 4]),
    "extract_links": lambda i: extract_links(PAGE, "http://example.com/"),
}

def rss():
    with open("/proc/self/statm") as handle:
        return int(handle.read().split()[1]) * 4096

name, calls = sys.argv[1], int(sys.argv[2])
call = CALLS[name]
for i in range(calls // 4):  # warm-up
    call(i)
start = rss()
for i in range(calls):
    call(i)
print(rss() - start)
"""


@needs_proc
@measures_rss
@pytest.mark.parametrize(("name", "calls", "urls_per_call"), [
    ("clean_url", 300_000, 1),
    ("normalize_url", 300_000, 1),
    ("url_split", 300_000, 1),
    ("extract_links", 300, 1000),  # 300,000 links
])
def test_non_http_urls_do_not_leak(name, calls, urls_per_call):
    # -P: `-c` would put the working directory first on sys.path, and a checkout's
    # unbuilt turbohtml/ must not shadow the installed one
    out = subprocess.run([sys.executable, "-P", "-c", _URL_LEAK_CHILD, name, str(calls)], capture_output=True,
                         text=True, check=True)
    grown = int(out.stdout)
    # a leak of 12 bytes per URL grows 3.6 MB here; allow a tenth of that for allocator noise
    assert grown < calls * urls_per_call * 12 // 10, f"{name}: RSS grew {grown} bytes over {calls} calls"


# ---------------------------------------------------------------- threads


def _in_threads(work, jobs: list, threads: int = 8) -> list:
    """Run work(job) for every job from `threads` threads at once; results in job order."""
    results: list = [None] * len(jobs)
    errors: list = []
    barrier = threading.Barrier(threads)

    def worker(offset: int) -> None:
        try:
            barrier.wait()
            for index in range(offset, len(jobs), threads):
                results[index] = work(jobs[index])
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)  # interleave the Python parts as much as possible
    try:
        pool = [threading.Thread(target=worker, args=(t,)) for t in range(threads)]
        for thread in pool:
            thread.start()
        for thread in pool:
            thread.join()
    finally:
        sys.setswitchinterval(old)
    if errors:
        raise errors[0]
    return results


def test_threads_match_serial_results():
    # Every extraction function from 8 threads at once, each on different documents
    # (the 24 jobs are 24 pages, dealt round-robin), against the single-threaded run.
    pages = [html for _name, html in _pages(24, max_chars=120_000)]
    serial = [contract.digest_page(html) for html in pages]
    threaded = _in_threads(contract.digest_page, pages)
    for index, (one, other) in enumerate(zip(serial, threaded, strict=True)):
        assert one == other, f"page {index} differs between serial and threaded runs"


def test_threads_share_one_document():
    # 8 threads walking the same parsed tree at once (read-only walks with the GIL
    # released) see what one thread sees.
    html = _pages(1)[0][1]
    doc = turbohtml.parse(html)

    def work(_job):
        return (doc.main_text(), doc.article().text, len(doc.links()), len(doc.boilerplate()),
                len(doc.select("p")), doc.dates(), dict(doc.opengraph()))

    expected = work(None)
    assert _in_threads(work, list(range(32))) == [expected] * 32


def test_threads_url_helpers_match_serial():
    urls = contract.urls()[:400] + list(hostile.BROKEN_URLS) + [hostile.many_params_url(2000)]
    chunks = [urls[i::16] for i in range(16)]
    serial = [contract.digest_urls(chunk) for chunk in chunks]
    assert _in_threads(contract.digest_urls, chunks) == serial


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork")
def test_forked_children_parse_while_parent_threads_parse():
    # lexbor's block cache (_core.pyx) has a lock that a parent thread may hold at the
    # moment of a fork; the child re-creates the lock and starts with an empty cache.
    # Children forked while two parent threads parse must finish with the same results.
    import time
    import warnings

    pages = [html for _name, html in _pages(4, max_chars=120_000)]
    expected = [turbohtml.parse(html).article().text for html in pages]
    stop = threading.Event()

    def churn():
        while not stop.is_set():
            for html in pages:
                turbohtml.parse(html)

    workers = [threading.Thread(target=churn) for _ in range(2)]
    for worker in workers:
        worker.start()
    try:
        for _ in range(12):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)  # fork with threads (3.12+)
                pid = os.fork()
            if pid == 0:  # the child: no pytest machinery, just an exit code
                try:
                    os._exit(0 if [turbohtml.parse(html).article().text for html in pages] == expected else 1)
                except BaseException:
                    os._exit(2)
            deadline = time.monotonic() + 120
            while True:
                done, status = os.waitpid(pid, os.WNOHANG)
                if done:
                    break
                if time.monotonic() > deadline:
                    os.kill(pid, 9)
                    os.waitpid(pid, 0)
                    pytest.fail("a forked child hung")
                time.sleep(0.01)
            assert os.waitstatus_to_exitcode(status) == 0
    finally:
        stop.set()
        for worker in workers:
            worker.join()


# ---------------------------------------------------------------- the harnesses run


def test_harness_runs():
    # Each atheris harness runs a few hundred inputs cleanly (a smoke of the harness
    # code itself; fuzz/run.py --smoke is the timed fuzz run CI does).
    pytest.importorskip("atheris")
    env = dict(os.environ)
    if list((REPO / "turbohtml").glob("_core*.so")):
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO), env.get("PYTHONPATH", "")) if p)
    for name in ("parse", "content", "structured", "urls"):
        done = subprocess.run(
            [sys.executable, str(REPO / "fuzz" / f"fuzz_{name}.py"), "-runs=150", "-seed=7", "-max_len=4096"],
            env=env, cwd=REPO, capture_output=True, text=True, timeout=300, check=False,
        )
        assert done.returncode == 0, f"fuzz_{name}.py:\n{done.stderr[-3000:]}"


# ---------------------------------------------------------------- inputs users have


class Hostile(str):
    """A str subclass whose methods lie, as markupsafe.Markup's and bs4's override some:
    the library must read the characters, not call the subclass's methods."""

    def encode(self, *args, **kwargs):
        raise AssertionError("the subclass's encode() was called")

    def __str__(self):
        raise AssertionError("the subclass's __str__() was called")

    def lower(self):
        raise AssertionError("the subclass's lower() was called")


PAGE = ("<html lang=en><head><title>Night trains</title><meta property='og:title' content='Night trains'>"
        "<meta property='article:published_time' content='2021-05-04'></head><body><article>"
        "<h1>Night trains</h1><p>For the first time in ten years, a sleeper train leaves Zurich every night, "
        "and reaches Vienna in the morning, with a dining car.</p>"
        "<a href='/next?utm_source=x'>next</a><a href='mailto:a@example.org'>mail</a></article>"
        "<div itemscope itemtype='https://schema.org/Person'><span itemprop='name'>Ada</span></div>"
        "</body></html>")
BASE = "https://example.org/trains/"


@pytest.mark.parametrize("call", [
    lambda s: turbohtml.parse(s(PAGE)).title == "Night trains",
    lambda s: turbohtml.parse(s(PAGE)).article().text.startswith("Night trains"),
    lambda s: X.dates(s(PAGE)).date == "2021-05-04",
    lambda s: [p.text for p in X.boilerplate(s(PAGE))][1].startswith("For the first time"),
    lambda s: X.microdata(s(PAGE), s(BASE))[0].get("name") == "Ada",
    lambda s: X.opengraph(s(PAGE), s(BASE))["title"] == "Night trains",
    lambda s: X.extract_links(s(PAGE), s(BASE)) == {"https://example.org/next"},
    lambda s: X.clean_url(s("HTTP://Example.org/a?utm_source=x&b=1")) == "http://example.org/a?b=1",
    lambda s: X.normalize_url(s("HTTP://Example.org/a/../b")) == "http://example.org/b",
    lambda s: turbohtml.parse(PAGE).select(s("article p"))[0].text.startswith("For the first"),
    lambda s: turbohtml.parse(PAGE).select_one(s("html")).attr(s("LANG")) == "en",
    lambda s: turbohtml.parse(PAGE).structured_data(s(BASE)).opengraph["title"] == "Night trains",
], ids=["parse", "article", "dates", "boilerplate", "microdata", "opengraph", "extract_links", "clean_url",
        "normalize_url", "select", "attr", "structured_data"])
@pytest.mark.parametrize("subclass", [type("S", (str,), {}), Hostile], ids=["plain-subclass", "lying-subclass"])
def test_str_subclasses_are_accepted_wherever_str_is(call, subclass):
    assert call(subclass)
    assert call(str)  # the same expectation holds for a plain str


def test_markupsafe_markup_is_accepted():
    markupsafe = pytest.importorskip("markupsafe")
    assert turbohtml.parse(markupsafe.Markup(PAGE)).title == "Night trains"


def _first_bold(doc):
    return doc.select_one("p b").text


def test_document_and_element_pickle_and_copy_by_reparse():
    import copy
    import pickle
    from concurrent.futures import ProcessPoolExecutor

    doc = turbohtml.parse("<!DOCTYPE html><title>T</title><div><p id=a>one</p>between<p id=b>two <b>bold</b>")
    bold = doc.select_one("#b b")
    text = doc.select_one("#a").next_sibling
    doc2, bold2, text2 = pickle.loads(pickle.dumps((doc, bold, text)))
    assert doc2.html == doc.html and doc2.title == "T"
    # the element keeps its place in its (one, shared) re-parsed document
    assert bold2.text == "bold" and bold2.parent.attr("id") == "b" and doc2.select_one("p b") == bold2
    assert text2.text == "between" and text2.parent == bold2.parent.parent
    assert copy.copy(doc) is not doc and copy.copy(doc).html == doc.html
    assert copy.deepcopy(bold).parent.attr("id") == "b"
    with ProcessPoolExecutor(2) as pool:
        assert list(pool.map(_first_bold, [doc, doc2])) == ["bold", "bold"]


def test_a_tree_that_does_not_parse_back_is_a_clear_error():
    import pickle

    # a <table> child's text is foster-parented out by a re-parse of the serialization
    # only when built through the DOM; parsed markup round-trips, so build the failure
    # by asking for an index the re-parsed tree lacks
    from turbohtml._core import _node_at

    with pytest.raises(ValueError, match="has no <p> at"):
        _node_at(turbohtml.parse("<p>x"), (0, 1, 5), "p")
    assert pickle.loads(pickle.dumps(turbohtml.parse("<table><tr><td>x"))).select_one("td").text == "x"


# ---------------------------------------------------------------- growth on hostile pages


def _srcset_page(n: int) -> str:
    widths = ", ".join(f"/img/{i}.jpg 2004w" for i in range(n))
    return f'<html><body><img srcset="{widths}" sizes="(max-width: 2004px) 100vw, 2004px"><p>Hi.</p></body></html>'


def _image_page(n: int) -> str:
    images = "".join(f'<img srcset="/a/{i}.jpg 2004w, /b/{i}.jpg 1999w" sizes="(max-width: 2004px) 100vw">'
                     for i in range(n))
    return f"<html><body>{images}<p>Hi.</p></body></html>"


def test_dates_makes_no_date_from_srcset_widths_and_grows_linearly():
    # the page: a 1M-entry srcset voted 2004-01-01 in from its "2004w" widths
    assert X.dates(_srcset_page(1_000_000)) is None
    assert X.dates(_image_page(1000)) is None
    # linear: 4x the images, about 4x the time; a quadratic scan would take 16x (many
    # small attributes, so both sizes allocate alike: one huge attribute of 4x the size
    # costs the allocator more per byte than one that fits its cache)
    assert growth_ratio(X.dates, _image_page(10_000), _image_page(40_000), clear=4) < 8


def _nested_spans(n: int):
    return turbohtml.parse("<html><body><article>" + "<span>word " * n + "</span>" * n + "</article></body></html>")


def test_highlight_grows_linearly_on_nested_spans():
    from turbohtml._display import highlight

    assert growth_ratio(highlight, _nested_spans(5_000), _nested_spans(20_000), clear=4) < 8


def _itemref_chain(n: int, shared: bool):
    if shared:  # every element a property of the enclosing item and of its predecessor
        chain = "".join(f'<div id="r{i}" itemprop="p{i}" itemscope itemref="r{i + 1}"></div>' for i in range(n))
        return turbohtml.parse(f"<div itemscope>{chain}</div>").microdata()[0]
    chain = "".join(f'<div id="i{i}" itemprop="next" itemscope itemref="i{i + 1}">'
                    f'<span itemprop="name">n{i}</span></div>' for i in range(n))
    return turbohtml.parse(f'<div itemscope itemref="i0"></div>{chain}').microdata()[0]


def test_microdata_json_grows_linearly_with_its_output():
    # an n-deep chain: output linear in n
    short = _itemref_chain(100, False)
    assert json.loads(short.json()) == short.json_dict()
    small, large = _itemref_chain(1_000, False), _itemref_chain(4_000, False)
    assert growth_ratio(lambda item: item.json(), small, large, clear=4) < 8
    # a shared chain: n^2/2 items in the output; the time per output character stays flat
    small, large = _itemref_chain(250, True), _itemref_chain(500, True)
    with collector_paused():  # 125,000 items: collections would cost more than the write
        more_output = len(large.json()) / len(small.json())
    # (a second's work a call on the larger chain: the best of three is steady there; the
    # sizes above were the warm-up)
    per_char = growth_ratio(lambda item: item.json(), small, large, clear=1.25 * more_output, rounds=3,
                            warm=False) / more_output
    assert per_char < 2.5  # a write quadratic in the output: 4x


def test_microdata_json_is_bounded_with_a_clear_error():
    item = _itemref_chain(2_000, True)  # 2 million nested items, 56 MB of JSON
    with pytest.raises(ValueError, match="more than 1,000,000 nested items.*max_items=None"):
        item.json()
    with pytest.raises(ValueError, match="more than 1,000 nested items"):
        item.json_dict(max_items=1_000)
    assert len(_itemref_chain(40, True).json(max_items=None)) == len(_itemref_chain(40, True).json())
