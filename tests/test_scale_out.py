"""Scale-out: WARC input (turbohtml.io), the per-partition function (turbohtml.frames), Dask on
a LocalCluster of 2 worker processes (turbohtml.dask), the CLI on WARC files, and the Spark
recipe (run when pyspark and Java are there, skipped otherwise).

The WARC files are written by the test into tmp_path, from ../shared/data pages: the 181
article-benchmark pages (their ground-truth URLs as target URIs), non-UTF-8 pages of the
dates corpus, synthetic pages in other encodings, non-HTML and non-200 responses, request,
metadata, revisit and warcinfo records, a page of garbage bytes, and broken records. The
writer (bench/scale.py's, loaded by path) is independent of FastWARC, the reader under test.
"""

from __future__ import annotations

import gzip
import json
import os
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import turbohtml
from turbohtml._core import url_link_attrs

from conftest import UNDER_ASAN, article_benchmark, bench_module, data_path

pytest.importorskip("fastwarc", reason="the WARC tests need turbohtml[warc] (FastWARC)")
pd = pytest.importorskip("pandas", reason="the frame tests need turbohtml[dask] (pandas)")

from turbohtml.frames import (
    ARTICLE_FIELDS,
    WARC_COLUMNS,
    article_dtypes,
    article_row,
    extract_frame,
    spark_schema,
    warc_frame,
)
from turbohtml.io import (
    WarcError,
    decode_html,
    encoding_for_label,
    http_charset,
    read_entry,
    seekable,
    warc_entries,
    warc_records,
)

scale = bench_module("scale")
warc_record, http_response, write_warc = scale.warc_record, scale.http_response, scale.write_warc

#: Non-UTF-8 pages of the dates corpus and the charset their <meta> declares.
LATIN_PAGES = ["ak-kurier.de-Betzdorf", "auto-presse.de-minisuv", "elmundo.es-PSOE", "winfuture.de-NASA"]
JAPANESE = ("<html><head><title>夜行列車がアルプスに戻る</title></head><body><article>"
            + "<p>十年ぶりに、寝台列車が毎晩チューリッヒを出発し、朝にはウィーンに到着する。"
              "乗客は駅で切符を買い、食堂車で夕食をとり、静かな客室で眠ることができる。</p>" * 4
            + "</article></body></html>")


# ------------------------------------------------------------------ the corpus

class Archive:
    """One WARC file being written, and what a reader must find in it: the URL of each
    HTML page in order, ``None`` where an error row belongs."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.records: list[bytes] = []
        self.expected: list[str | None] = []

    def page(self, url: str, body: bytes, content_type: str = "text/html; charset=utf-8", *,
             status: str = "200 OK", html: bool = True, headers: tuple = ()) -> None:
        self.records.append(warc_record("request", f"GET / HTTP/1.1\r\nHost: {url.split('/')[2]}\r\n\r\n".encode(),
                                        target=url, content_type="application/http; msgtype=request"))
        self.records.append(warc_record("response", http_response(body, status=status, content_type=content_type,
                                                                  headers=headers), target=url))
        if html:
            self.expected.append(url)

    def other(self, warc_type: str, block: bytes, content_type: str, target: str | None = None) -> None:
        self.records.append(warc_record(warc_type, block, target=target, content_type=content_type))

    def write(self, tail: bytes = b"", tail_error: bool = False) -> Path:
        write_warc(self.path, self.records)
        if tail:
            with open(self.path, "ab") as handle:
                handle.write(tail)
        if tail_error:
            self.expected.append(None)
        return self.path


def latin_page(name: str) -> bytes:
    return gzip.decompress(data_path("dates", "html", "bbaw_default", f"{name}.html.gz").read_bytes())


def as_windows_1252(html: str) -> bytes:
    """A UTF-8 page re-encoded as windows-1252, its <meta charset> left saying UTF-8: only the
    HTTP header can decode it right. Characters outside windows-1252 become character
    references, which decode to the same text."""
    return html.encode("cp1252", "xmlcharrefreplace")


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> dict:
    """Four WARC files: per-record gzip, plain, a truncated gzip one and a plain one with a
    cut-short record; about 200 pages among about 450 records."""
    root = tmp_path_factory.mktemp("warcs")
    truth, paths = article_benchmark()
    pages = [(truth[p.name.removesuffix(".html.gz")]["url"], gzip.decompress(p.read_bytes())) for p in paths]
    noise = random.Random(10).randbytes(6000)

    first = Archive(root / "a.warc.gz")
    first.other("warcinfo", b"software: tests/test_scale_out.py\r\nformat: WARC File Format 1.1\r\n",
                "application/warc-fields")
    for index, (url, html) in enumerate(pages[:90]):
        # every third page without a charset parameter: bytes sniffed by <meta> / UTF-8
        first.page(url, html, "text/html" if index % 3 else "text/html; charset=utf-8")
        if index % 10 == 0:
            first.other("metadata", b"fetchTimeMs: 120\r\n", "application/warc-fields", target=url)
        if index == 20:
            first.page("https://example.org/logo.png", b"\x89PNG\r\n\x1a\n" + noise[:200], "image/png", html=False)
            first.page("https://example.org/api", b'{"a": 1}', "application/json", html=False)
            first.page("https://example.org/gone", b"<p>not here</p>", status="404 Not Found", html=False)
            first.page("https://example.org/moved", b"", status="301 Moved Permanently", html=False,
                       headers=(("Location", "https://example.org/"),))
            first.other("revisit", b"HTTP/1.1 200 OK\r\n\r\n", "application/http; msgtype=response",
                        target="https://example.org/again")
        if index == 40:
            first.page("https://example.org/noise", noise, "text/html")  # garbage bytes, still a page
            first.page("https://example.org/xhtml", b'<html xmlns="http://www.w3.org/1999/xhtml"><title>X</title>'
                       b"<body><p>An XHTML page.</p></body></html>", "application/xhtml+xml")
    first.write()

    second = Archive(root / "b.warc")
    for url, html in pages[90:]:
        second.page(url, html, "text/html; charset=UTF-8")
    for name in LATIN_PAGES:
        second.page(f"https://{name.split('-')[0]}/{name}", latin_page(name), "text/html; charset=iso-8859-1")
    # a page whose <meta> says UTF-8, re-encoded: only the header decodes it right
    misdeclared = next(html for _, html in pages
                       if re.search(rb"<meta[^>]+charset=.?utf-8", html[:5000], re.IGNORECASE))
    second.page("https://example.org/cp1252", as_windows_1252(misdeclared.decode("utf-8")),
                "text/html; charset=windows-1252")
    second.page("https://example.org/sjis", JAPANESE.encode("shift_jis"), "text/html; charset=Shift_JIS")
    second.page("https://example.org/bom", b"\xef\xbb\xbf" + JAPANESE.encode("utf-8"),
                "text/html; charset=windows-1252")  # the BOM outranks the header
    second.write()

    third = Archive(root / "c.warc.gz")  # the crawler died: the last gzip member is cut short
    for url, html in pages[:5]:
        third.page(url, html)
    cut = gzip.compress(warc_record("response", http_response(pages[5][1]), target=pages[5][0]))
    third.write(tail=cut[:40], tail_error=True)  # before the record's URL: an error for the file

    fourth = Archive(root / "d.warc")  # a plain file ending inside a record's body
    for url, html in pages[10:14]:
        fourth.page(url, html)
    record = warc_record("response", http_response(pages[14][1]), target=pages[14][0])
    fourth.write(tail=record[: len(record) - 5000])
    fourth.expected.append(pages[14][0])  # its URL is known: an error row for that record

    return {"root": root, "archives": [first, second, third, fourth], "pages": pages, "misdeclared": misdeclared}


@pytest.fixture(scope="module")
def paths(corpus) -> list[str]:
    return [str(archive.path) for archive in corpus["archives"]]


@pytest.fixture(scope="module")
def single(paths) -> pd.DataFrame:
    """The single-process result: each file through warc_frame and extract_frame, in order."""
    return pd.concat([extract_frame(warc_frame(path), keep=("warc", "record_id")) for path in paths],
                     ignore_index=True)


# ------------------------------------------------------------------ turbohtml.io: charsets

@pytest.mark.parametrize(("content_type", "charset"), [
    ("text/html; charset=utf-8", "utf-8"),
    ('text/html; charset="Shift_JIS"', "Shift_JIS"),       # quoted
    ("text/html;charset=ISO-8859-1;q=0.9", "ISO-8859-1"),  # no space, a parameter after
    ("text/html; Charset = koi8-r ", "koi8-r"),            # case and spaces around '='
    ("text/html", None),
    ("text/html; charset=", None),
    (None, None),
])
def test_http_charset(content_type, charset):
    assert http_charset(content_type) == charset


@pytest.mark.parametrize(("label", "encoding"), [
    ("UTF-8", "utf-8"),
    (" utf8 ", "utf-8"),
    ("latin1", "windows-1252"),       # the Encoding Standard's labels, not Python's codecs
    ("ISO-8859-1", "windows-1252"),
    ("us-ascii", "windows-1252"),
    ("sjis", "shift_jis"),
    ("gb2312", "gbk"),
    ("utf-16", "utf-16le"),           # transport may name UTF-16 (a <meta> may not)
    ("unicodefffe", "utf-16be"),
    ("x-user-defined", "x-user-defined"),
    ("iso-2022-kr", "replacement"),
    ("bogus", None),                  # unknown labels are ignored
    ('utf-8"><script>', None),
    ("", None),
])
def test_encoding_for_label(label, encoding):
    assert encoding_for_label(label) == encoding


CAFE = "<title>Café – 5 €</title>"


@pytest.mark.parametrize(("body", "charset", "title"), [
    # the header decodes what <meta> misdeclares
    (b'<meta charset="utf-8">' + CAFE.encode("cp1252"), "windows-1252", "Café – 5 €"),
    # latin1 means windows-1252 (0x80 is the euro sign), as in browsers
    (b"<title>5 \x80</title>", "latin1", "5 €"),
    # a BOM outranks the header
    (b"\xef\xbb\xbf" + CAFE.encode("utf-8"), "windows-1252", "Café – 5 €"),
    (b"\xff\xfe" + CAFE.encode("utf-16-le"), "iso-8859-1", "Café – 5 €"),
    # no charset, or one nobody knows: the bytes are sniffed (<meta>, then UTF-8)
    (b'<meta charset="windows-1252">' + CAFE.encode("cp1252"), None, "Café – 5 €"),
    (b'<meta charset="windows-1252">' + CAFE.encode("cp1252"), "no-such-charset", "Café – 5 €"),
    (CAFE.encode("utf-8"), "", "Café – 5 €"),
    # other encodings the header names
    ("<title>東京</title>".encode("shift_jis"), "Shift_JIS", "東京"),
    ("<title>Привет</title>".encode("koi8-r"), "koi8-r", "Привет"),
    (CAFE.encode("utf-16-le"), "utf-16", "Café – 5 €"),
    # invalid bytes become U+FFFD, as parse() does
    (b"<title>a\xffb</title>", "utf-8", "a\ufffdb"),
])
def test_decode_html_precedence(body, charset, title):
    assert turbohtml.parse(decode_html(body, charset)).title == title


def test_decode_html_replacement_and_user_defined():
    assert decode_html(b"<p>\x1b$)C</p>", "iso-2022-kr") == "\ufffd"
    assert decode_html(b"a\x80\xff", "x-user-defined") == "a\uf780\uf7ff"


# ------------------------------------------------------------------ turbohtml.io: records

def test_warc_records_yields_html_responses_only(corpus):
    for archive in corpus["archives"][:2]:
        found = list(warc_records(archive.path))
        assert [url for url, _, _ in found] == archive.expected
        for url, html, headers in found:
            assert isinstance(html, bytes) and html
            assert headers["warc-target-uri"] == url
            assert headers["warc-record-id"].startswith("<urn:uuid:")
            assert headers["content-type"].split(";")[0] in ("text/html", "application/xhtml+xml")


def test_warc_records_bodies_are_the_pages(corpus):
    first = corpus["archives"][0]
    found = {url: html for url, html, _ in warc_records(first.path)}
    for url, html in corpus["pages"][:90]:
        assert found[url] == html


def test_gzip_and_plain_read_alike(corpus, tmp_path):
    archive = corpus["archives"][0]
    plain = tmp_path / "a.warc"
    plain.write_bytes(b"".join(archive.records))
    single_stream = tmp_path / "a-one-stream.warc.gz"
    single_stream.write_bytes(gzip.compress(b"".join(archive.records)))
    expected = list(warc_records(archive.path))
    assert list(warc_records(plain)) == expected
    assert list(warc_records(single_stream)) == expected


def test_the_header_charset_decodes_the_page(corpus):
    second = corpus["archives"][1]
    frame = extract_frame(warc_frame(second.path)).set_index("url")
    original = turbohtml.parse(corpus["misdeclared"]).article()
    assert frame.loc["https://example.org/cp1252", "title"] == original.title
    assert frame.loc["https://example.org/cp1252", "text"] == original.text
    assert frame.loc["https://example.org/sjis", "title"] == "夜行列車がアルプスに戻る"
    assert frame.loc["https://example.org/bom", "title"] == "夜行列車がアルプスに戻る"
    # without the header the misdeclared page is mojibake: the header is what decoded it
    sniffed = turbohtml.parse(as_windows_1252(corpus["misdeclared"].decode("utf-8"))).article()
    assert sniffed.text != original.text
    for name in LATIN_PAGES:
        url = f"https://{name.split('-')[0]}/{name}"
        assert frame.loc[url, "text"] == turbohtml.parse(latin_page(name)).article().text
        assert "\ufffd" not in frame.loc[url, "text"]


def test_broken_files_become_error_entries(corpus):
    third, fourth = corpus["archives"][2], corpus["archives"][3]
    entries = list(warc_entries(third.path))
    assert [entry.url for entry in entries[:-1]] == third.expected[:-1]
    assert entries[-1].offset is None and entries[-1].html is None
    assert "truncated or corrupt record" in entries[-1].error
    entries = list(warc_entries(fourth.path))
    assert [entry.url for entry in entries] == fourth.expected
    assert entries[-1].error.startswith("truncated record: ") and entries[-1].html is None
    with pytest.raises(WarcError, match=r"c\.warc\.gz: unreadable data at offset \d+"):
        list(warc_records(third.path))


def test_gzip_member_cut_in_the_body(corpus, tmp_path):
    url, html = corpus["pages"][5]
    member = gzip.compress(warc_record("response", http_response(html), target=url))
    path = tmp_path / "cut.warc.gz"
    path.write_bytes(b"".join(gzip.compress(record) for record in corpus["archives"][0].records[:3])
                     + member[: len(member) // 2])
    entries = list(warc_entries(path))
    assert [entry.url for entry in entries] == [corpus["pages"][0][0], url]
    assert entries[-1].error.startswith("truncated record: ") and entries[-1].offset is not None


@pytest.mark.parametrize(("content", "message"), [
    (b"", "no WARC record in this file"),
    (b"<html><p>not an archive</p></html>", "unreadable WARC data at the start: "),
    (gzip.compress(b"<html></html>"), "unreadable WARC data at the start: "),
])
def test_not_a_warc_file(tmp_path, content, message):
    path = tmp_path / "x.warc.gz"
    path.write_bytes(content)
    (entry,) = warc_entries(path)
    assert entry.error.startswith(message)


def test_garbage_between_records(corpus, tmp_path):
    records = corpus["archives"][0].records
    path = tmp_path / "garbage.warc"
    path.write_bytes(b"".join(records[:6]) + b"this is no WARC record\r\n\r\n" + b"".join(records[6:]))
    entries = list(warc_entries(path))
    assert [entry.error for entry in entries[:-1]] == [None, None]
    assert entries[-1].error.startswith("unreadable WARC data after the record at offset ")


def test_records_over_the_size_cap_are_error_entries(tmp_path):
    # a 3 MiB page stored as is, and a 64 KB gzip-coded body (as wget stores it) that
    # inflates to 8 MiB: both over a 1 MiB cap; the small page around them still reads
    small = b"<html><title>small</title><p>A small page.</p></html>"
    big = b"<p>" + b"x" * (3 << 20) + b"</p>"
    bomb = gzip.compress(b"\0" * (8 << 20), 9)
    archive = Archive(tmp_path / "caps.warc.gz")
    archive.page("https://example.org/big", big)
    archive.page("https://example.org/bomb", bomb, headers=(("Content-Encoding", "gzip"),))
    archive.page("https://example.org/small", small)
    path = archive.write()
    limit = 1 << 20
    entries = list(warc_entries(path, max_bytes=limit))
    assert [(entry.url, entry.error) for entry in entries] == [
        ("https://example.org/big", f"too large: {len(big)} payload bytes (limit {limit}, see max_bytes)"),
        ("https://example.org/bomb", f"too large: more than {limit} payload bytes decoded (see max_bytes)"),
        ("https://example.org/small", None),
    ]
    assert entries[2].html == small
    assert read_entry(path, entries[1].offset, max_bytes=limit).error.startswith("too large")
    # the default cap (10 MiB) lets the big page and the bomb through, decoded
    assert [len(entry.html) for entry in warc_entries(path)] == [len(big), 8 << 20, len(small)]
    with pytest.raises(WarcError, match="too large: 3145735 payload bytes"):
        list(warc_records(path, max_bytes=limit))
    # the CLI: one record per page, the cap from --max-bytes, exit 1
    result = cli("dates", "--max-bytes", str(limit), str(path))
    assert result.returncode == 1
    assert [(r["url"], r.get("error", "")[:9]) for r in lines(result)] == [
        ("https://example.org/big", "too large"), ("https://example.org/bomb", "too large"),
        ("https://example.org/small", "")]


def test_missing_file():
    (entry,) = warc_entries("/nonexistent/x.warc.gz")
    assert entry.error == "cannot open: No such file or directory"


def test_read_entry_and_slices(corpus):
    path = corpus["archives"][0].path
    everything = list(warc_entries(path))
    index = list(warc_entries(path, payloads=False))
    assert [entry._replace(html=None) for entry in everything] == index
    offsets = [entry.offset for entry in index]
    assert seekable(path, offsets)
    for entry in everything[::17]:
        assert read_entry(path, entry.offset) == entry
    middle = list(warc_entries(path, start=offsets[10], stop=offsets[20]))
    assert middle == everything[10:20]
    assert read_entry(path, 3).error is not None  # not a record boundary


def test_dependency_errors_name_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "fastwarc", None)
    with pytest.raises(ImportError, match=r"pip install 'turbohtml\[warc\]'"):
        list(warc_entries("x.warc"))


def test_import_turbohtml_needs_no_extra():
    code = ("import sys, turbohtml, turbohtml.io, turbohtml.cli; "
            "print(sorted({'dask', 'pandas', 'pyarrow', 'fastwarc'} & set(sys.modules)))")
    root = str(Path(turbohtml.__file__).resolve().parents[1])
    # run beside the package: `-c` puts the working directory first on sys.path, and a
    # checkout's unbuilt turbohtml/ must not shadow the installed one
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env=dict(os.environ, PYTHONPATH=root), cwd=root)
    assert out.stdout.strip() == "[]"


# ------------------------------------------------------------------ turbohtml.frames

def test_article_row_reads_one_document(corpus):
    url, html = corpus["pages"][3]
    row = article_row(html, url)
    doc = turbohtml.parse(html)
    article = doc.article()
    assert [row[name] for name in ("title", "byline", "date", "description", "lang", "text")] == [
        article.title, article.byline, article.date, article.description, article.lang, article.text]
    found = doc.dates(turbohtml.extract.DateExtraction(original=True))
    assert (row["publication_date"], row["date_signal"]) == (found.date, found.signal)
    assert 0 < row["external_links"] < row["links"]
    assert row["error"] is None


def test_link_counts():
    html = """<base href="https://news.example.com/world/">
    <a href="a.html">a</a> <a href="a.html#top">the same page</a> <a href="/b">b</a>
    <a href="https://blog.example.com/c">a sibling subdomain: internal</a>
    <a href="https://other.org/d">external</a> <a href="http://other.org/e?x=1">external</a>
    <a href="mailto:x@example.com">not http</a> <a href="javascript:void(0)">no</a>
    <a href="http://[bad">invalid</a> <area href="https://third.net/"> <a>no href</a>"""
    row = article_row(html, "https://www.example.com/page", fields=("links", "external_links"))
    assert (row["links"], row["external_links"]) == (6, 3)
    assert article_row(html, None, fields=("links", "external_links"))["external_links"] is None


@pytest.mark.parametrize(("html", "error"), [
    (None, "TypeError: html must be str or bytes, not NoneType"),
    (42, "TypeError: html must be str or bytes, not int"),
])
def test_bad_input_is_an_error_row(html, error):
    row = article_row(html, "https://example.org/")
    assert row["error"] == error
    assert all(row[name] is None for name in ARTICLE_FIELDS)


def test_extract_frame_types_order_and_keep(corpus):
    pages = pd.DataFrame({
        "id": [7, 8, 9, 10],
        "url": ["https://example.org/1", None, "https://example.org/3", "https://example.org/4"],
        "html": [corpus["pages"][0][1], corpus["pages"][1][1].decode("utf-8"), None, "<p>short</p>"],
    }, index=[40, 30, 20, 10])
    out = extract_frame(pages, keep=("id",), fields=("title", "links", "external_links"))
    assert list(out.columns) == ["id", "url", "title", "links", "external_links", "error"]
    assert dict(out.dtypes.items()) == {"id": pages["id"].dtype, **article_dtypes(("title", "links",
                                                                                   "external_links"))}
    assert list(out.index) == [40, 30, 20, 10] and list(out["id"]) == [7, 8, 9, 10]
    assert out["title"].iloc[0] == turbohtml.parse(corpus["pages"][0][1]).article().title
    assert out["external_links"].isna().tolist() == [False, True, True, False]  # no URL, no page
    assert out["error"].isna().tolist() == [True, True, False, True]
    with pytest.raises(ValueError, match="fields must be distinct names"):
        extract_frame(pages, fields=("title", "nope"))


def test_warc_frame_columns(corpus):
    frame = warc_frame(corpus["archives"][2].path)
    assert dict(frame.dtypes.items()) == WARC_COLUMNS
    assert frame["url"].tolist()[:-1] == corpus["archives"][2].expected[:-1]
    assert frame["error"].notna().tolist() == [False] * 5 + [True]


def test_single_process_rows(single, corpus):
    expected = [url for archive in corpus["archives"] for url in archive.expected]
    assert len(single) == len(expected) > 200
    known = [url for url in expected if url is not None]
    assert [url for url in single["url"].tolist() if url is not pd.NA] == known
    errors = single[single["error"].notna()]
    assert len(errors) == 2  # the truncated gzip file and the cut-short record
    assert single.loc[single["url"] == "https://example.org/noise", "error"].isna().all()
    assert (single["text"].str.len() > 500).sum() > 150


def test_spark_schema():
    assert spark_schema(("title", "links")) == "url string, title string, links bigint, error string"


# ------------------------------------------------------------------ Dask on a LocalCluster

@pytest.fixture(scope="module")
def client():
    if UNDER_ASAN:  # its worker processes inherit the sanitizer's preload; the cluster stalled there
        pytest.skip("a Dask LocalCluster under ASan")
    distributed = pytest.importorskip("distributed", reason="the Dask tests need turbohtml[dask]")
    # The workers are spawned processes: they start with this process's sys.path. The
    # scheduler's HTTP server (":0": any free port; None still takes 8787, which a
    # second test run on the machine may hold).
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0",
                                  worker_dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        yield client


@pytest.fixture(scope="module")
def dask_module():
    # turbohtml.dask raises ImportError (naming the extra), not ModuleNotFoundError
    return pytest.importorskip("turbohtml.dask", reason="the Dask tests need turbohtml[dask]", exc_type=ImportError)


def test_dask_matches_single_process(client, dask_module, paths, single):
    frame = dask_module.extract_articles(dask_module.read_warc(paths), keep=("warc", "record_id"))
    assert frame.npartitions == len(paths)
    assert dict(frame.dtypes.items()) == dict(single.dtypes.items())
    result = client.compute(frame).result()
    assert sorted(client.run(os.getpid).values()) != [os.getpid()]  # ran in the worker processes
    pd.testing.assert_frame_equal(result.reset_index(drop=True), single)


def test_dask_partitions_of_records(client, dask_module, paths, single, corpus):
    pages = dask_module.read_warc(paths, records_per_partition=16)
    records = [len([url for url in archive.expected if url is not None]) for archive in corpus["archives"]]
    assert records == [92, 98, 5, 5]
    assert pages.npartitions == 6 + 7 + 1 + 1
    result = client.compute(dask_module.extract_articles(pages, keep=("warc", "record_id"))).result()
    pd.testing.assert_frame_equal(result.reset_index(drop=True), single)


def test_dask_error_rows_and_counts(client, dask_module, paths, corpus):
    frame = dask_module.extract_articles(dask_module.read_warc([*paths, str(corpus["root"] / "missing.warc")]),
                                         fields=("title",), keep=("warc",))
    result = client.compute(frame).result().reset_index(drop=True)
    counts = result.groupby("warc", sort=False).size()
    assert counts.tolist() == [len(archive.expected) for archive in corpus["archives"]] + [1]
    failed = result[result["error"].notna()]
    assert [Path(name).name for name in failed["warc"]] == ["c.warc.gz", "d.warc", "missing.warc"]
    assert failed["title"].isna().all()
    assert failed["error"].iloc[-1] == "cannot open: No such file or directory"


def test_dask_bag_of_records(client, dask_module, paths, single):
    bag = pytest.importorskip("dask.bag")
    records = bag.from_sequence(paths[:2], npartitions=2).map(warc_records).flatten()
    result = client.compute(dask_module.extract_articles(records)).result().reset_index(drop=True)
    expected = single[single["warc"].isin(paths[:2])].drop(columns=["warc", "record_id"]).reset_index(drop=True)
    pd.testing.assert_frame_equal(result, expected)


def test_dask_graph_is_lazy_and_typed(dask_module):
    frame = dask_module.extract_articles(dask_module.read_warc(["/nowhere/a.warc.gz", "/nowhere/b.warc"]))
    assert frame.npartitions == 2
    assert dict(frame.dtypes.items()) == article_dtypes()
    with pytest.raises(ValueError, match="no column 'page'"):
        dask_module.extract_articles(dask_module.read_warc("x.warc"), html="page")
    with pytest.raises(TypeError, match="extract_frame"):
        dask_module.extract_articles(pd.DataFrame({"html": []}))


# ------------------------------------------------------------------ the CLI on WARC files

def cli(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    root = str(Path(turbohtml.__file__).resolve().parents[1])
    env["PYTHONPATH"] = root + os.pathsep + env.get("PYTHONPATH", "")
    return subprocess.run([sys.executable, "-m", "turbohtml", *args], capture_output=True, timeout=300,
                          env=env, cwd=root, check=False)


def lines(result: subprocess.CompletedProcess) -> list[dict]:
    return [json.loads(line) for line in result.stdout.decode("utf8").splitlines()]


def test_cli_article_over_warc_files(corpus, paths, single):
    result = cli("article", "--format", "json", "--jobs", "2", *paths)
    assert result.returncode == 1  # the two broken files
    records = lines(result)
    assert len(records) == len(single)
    offsets = {entry.record_id: entry.offset for path in paths for entry in warc_entries(path, payloads=False)}
    pages = {entry.record_id: entry for path in paths for entry in warc_entries(path) if entry.error is None}
    for record, (_, row) in zip(records, single.iterrows(), strict=True):
        if row["error"] is not pd.NA:
            assert record["error"] == row["error"]
            continue
        assert record["source"] == f"{row['warc']}@{offsets[row['record_id']]}"
        assert (record["url"], record["text"]) == (row["url"], row["text"])
        # the JSON's metadata is Document.metadata()'s (every source weighed), article()'s text
        entry = pages[row["record_id"]]
        page = turbohtml.parse(decode_html(entry.html, http_charset(entry.headers.get("content-type"))))
        assert record["title"] == page.metadata(entry.url).title
    stderr = result.stderr.decode("utf8").splitlines()
    assert len(stderr) == 2 and stderr[0].startswith(f"turbohtml: {paths[2]}: unreadable data at offset ")


def test_cli_directory_walk_and_links_base(corpus, tmp_path):
    walk = tmp_path / "crawl"
    (walk / "sub").mkdir(parents=True)
    shutil.copy(corpus["archives"][1].path, walk / "sub" / "b.warc")
    (walk / "page.html").write_bytes(corpus["pages"][0][1])
    result = cli("links", "--jobs", "2", str(walk))
    records = lines(result)
    assert result.returncode == 0, result.stderr
    assert records[0]["source"] == str(walk / "page.html") and "url" not in records[0]
    assert len(records) == 1 + len(corpus["archives"][1].expected)
    for record, url in zip(records[1:], corpus["archives"][1].expected, strict=True):
        assert record["source"].startswith(f"{walk / 'sub' / 'b.warc'}@") and record["url"] == url
    # relative links resolve against the record's URL
    url, html = corpus["pages"][90]
    expected = sorted(turbohtml.extract.extract_links(html.decode("utf-8"), url))
    assert next(r for r in records if r.get("url") == url)["links"] == expected
    assert any(not href.startswith(("http:", "https:")) for href, _, _ in url_link_attrs(turbohtml.parse(html))[1])


def test_cli_single_stream_gzip_and_one_page(corpus, tmp_path):
    archive = corpus["archives"][0]
    one_stream = tmp_path / "one.warc.gz"
    one_stream.write_bytes(gzip.compress(b"".join(archive.records[:3])))
    result = cli("article", "--jobs", "2", str(one_stream))
    assert result.returncode == 0, result.stderr
    # one page: plain text, as for one HTML file
    assert result.stdout.decode("utf8").strip() == turbohtml.parse(corpus["pages"][0][1]).article().text.strip()
    result = cli("dates", "--jobs", "2", str(one_stream), str(one_stream))
    records = lines(result)
    assert [r["source"].split("#")[0] for r in records] == [str(one_stream)] * 2
    assert records[0]["source"].split("#")[1].startswith("urn:uuid:")


# ------------------------------------------------------------------ the Spark recipe

def _java() -> bool:
    home = os.environ.get("JAVA_HOME")
    return bool(shutil.which("java") or (home and Path(home, "bin", "java").exists()))


@pytest.fixture(scope="module")
def spark():
    if UNDER_ASAN:  # a JVM and Python workers under the sanitizer's preload
        pytest.skip("Spark under ASan")
    pytest.importorskip("pyspark", reason="the Spark recipe test needs pyspark (pip install 'turbohtml[spark]')")
    if not _java():
        pytest.skip("the Spark recipe test needs Java (java on PATH or JAVA_HOME)")
    from pyspark.sql import SparkSession

    root = str(Path(turbohtml.__file__).resolve().parents[1])
    with pytest.MonkeyPatch.context() as patch:
        # Spark's Python workers: this interpreter, importing turbohtml from where the test does.
        patch.setenv("PYTHONPATH", os.pathsep.join([root, *filter(None, [os.environ.get("PYTHONPATH")])]))
        patch.setenv("PYSPARK_PYTHON", sys.executable)
        patch.setenv("PYSPARK_DRIVER_PYTHON", sys.executable)
        patch.setenv("SPARK_LOCAL_IP", "127.0.0.1")  # local mode: no need to look up the host
        # The workers start as `python -m pyspark.daemon` in this directory: a checkout's
        # unbuilt turbohtml/ there must not shadow the installed one.
        patch.setenv("PYTHONSAFEPATH", "1")
        session = (SparkSession.builder.master("local[2]").appName("turbohtml-test")
                   .config("spark.ui.enabled", "false").config("spark.sql.shuffle.partitions", "2")
                   .config("spark.sql.execution.arrow.maxRecordsPerBatch", "16").getOrCreate())
        session.sparkContext.setLogLevel("ERROR")
        yield session
        session.stop()


# pyspark 4.x warns once that pandas 3 support is not final; the conversions used here work.
@pytest.mark.filterwarnings("ignore:PySpark does not yet fully support pandas:FutureWarning")
def test_spark_pandas_udf_recipe(spark, corpus):
    """The recipe of docs/howto/scale-out.md: a pandas_udf over extract_frame."""
    from pyspark.sql.functions import pandas_udf

    @pandas_udf(spark_schema())
    def articles(html: pd.Series, url: pd.Series, charset: pd.Series) -> pd.DataFrame:
        return extract_frame(pd.DataFrame({"html": html, "url": url, "charset": charset}))

    pages = warc_frame(corpus["archives"][1].path)[["url", "html", "charset"]]
    table = pd.DataFrame({"url": pages["url"].astype(object), "html": pages["html"].astype(object),
                          "charset": pages["charset"].astype(object)})
    table.loc[len(table)] = ["https://example.org/none", None, None]  # a null body: an error row
    frame = spark.createDataFrame(table.where(table.notna(), None), "url string, html binary, charset string")
    # collect(), not toPandas(): pyspark 4.3's Arrow conversion calls a pandas 3 deprecated API
    rows = frame.repartition(3).select(articles("html", "url", "charset").alias("a")).select("a.*").collect()
    got = {row["url"]: row.asDict() for row in rows}
    expected = extract_frame(table).astype(object)
    expected = expected.where(expected.notna(), None)
    assert len(got) == len(expected) == 99
    for want in expected.to_dict("records"):
        assert got[want["url"]] == want
    assert got["https://example.org/none"]["error"] == "TypeError: html must be str or bytes, not NoneType"
