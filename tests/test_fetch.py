"""``turbohtml.fetch`` against local servers on 127.0.0.1 that misbehave on purpose.

Every case names its expected outcome. The servers are on a loopback address, which the
SSRF guard refuses, so the tests pass ``allow_private=True`` except where the guard is
the subject. No wall-clock assertion: a deadline case sends its body slowly enough that
it would complete without the overall deadline, so the error message is the evidence.
"""

from __future__ import annotations

import gzip
import http.server
import socket
import threading
import time
import zlib

import pytest

from turbohtml.fetch import ACCEPT_ENCODING, FetchError, fetch

PAGE = b"<!doctype html><title>Hello</title><p>A page of our own.</p>"


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    other_port = 0  # the second server, for the cross-port redirect
    seen: list[tuple[str, dict[str, str]]] = []

    def log_message(self, format: str, *args: object) -> None:
        pass

    def _raw(self, data: bytes) -> None:
        try:
            self.wfile.write(data)
            self.wfile.flush()
        except OSError:
            pass

    def _send(self, body: bytes, content_type: str = "text/html", status: int = 200,
              headers: dict[str, str] | None = None, length: int | None = None) -> None:
        head = [f"HTTP/1.1 {status} X", f"Content-Type: {content_type}", "Connection: close"]
        if length is not False:
            head.append(f"Content-Length: {len(body) if length is None else length}")
        head += [f"{name}: {value}" for name, value in (headers or {}).items()]
        self._raw(("\r\n".join(head) + "\r\n\r\n").encode("latin-1") + body)

    def do_GET(self) -> None:  # noqa: C901 - one branch per case
        Handler.seen.append((self.path, {k.lower(): v for k, v in self.headers.items()}))
        path = self.path
        if path == "/page":
            self._send(PAGE, "text/html; charset=utf-8")
        elif path == "/dated":
            self._send(b'<html><head><meta property="article:published_time" content="2021-03-04">'
                       b"</head><body><p>Dated.</p></body></html>", "text/html")
        elif path == "/trickle":  # 30 bytes, one every 0.1 s: 3 s in all, each read quick
            self._raw(b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 30\r\n\r\n")
            for _ in range(30):
                time.sleep(0.1)
                self._raw(b"x")
        elif path == "/trickle-headers":  # the status line and headers a byte at a time
            for byte in b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nX-Padding: abcdefghijklmnop\r\n\r\n":
                time.sleep(0.1)
                self._raw(bytes([byte]))
        elif path == "/silent":
            time.sleep(3)
        elif path == "/loop":
            self._send(b"", status=302, headers={"Location": "/loop"})
        elif path == "/other-port":
            self._send(b"", status=301, headers={"Location": f"http://127.0.0.1:{Handler.other_port}/page"})
        elif path == "/ftp":
            self._send(b"", status=302, headers={"Location": "ftp://127.0.0.1/page.html"})
        elif path == "/file":
            self._send(b"", status=302, headers={"Location": "file:///etc/passwd"})
        elif path == "/gzip":
            self._send(gzip.compress(PAGE), headers={"Content-Encoding": "gzip"})
        elif path == "/deflate":
            self._send(zlib.compress(PAGE), headers={"Content-Encoding": "deflate"})
        elif path == "/raw-deflate":
            packer = zlib.compressobj(wbits=-zlib.MAX_WBITS)
            self._send(packer.compress(PAGE) + packer.flush(), headers={"Content-Encoding": "deflate"})
        elif path == "/gzip-bomb":  # 64 KB on the wire, 64 MB inflated
            self._send(gzip.compress(b"\0" * (64 << 20), 9), headers={"Content-Encoding": "gzip"})
        elif path == "/gzip-cut":
            data = gzip.compress(PAGE * 20)
            self._send(data[: len(data) // 2], headers={"Content-Encoding": "gzip"})
        elif path == "/br":
            self._send(b"\x1b\x03\x00", headers={"Content-Encoding": "br"})
        elif path == "/truncated":  # announces 1000 bytes, sends 100, closes
            self._send(PAGE[:60], length=1000)
        elif path == "/truncated-chunked":
            self._raw(b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nTransfer-Encoding: chunked\r\n\r\n"
                      b"10\r\n<p>sixteen bytes\r\n40\r\n<p>only part")
        elif path == "/unsized":  # no Content-Length: read to the close, under the cap
            self._send(PAGE * 100, length=False)
        elif path == "/superscript-length":  # a length of superscript digits: str.isdigit() says yes, int() no
            self._raw(b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: \xb2\xb3\r\n"
                      b"Connection: close\r\n\r\n" + PAGE)
        elif path.startswith("/charset/"):
            label = path.removeprefix("/charset/")
            bodies = {
                "latin1": b"<p>\x80 and caf\xe9</p>",  # windows-1252, per the Encoding Standard
                "unicode_escape": b"<p>\\u0041\\u0042</p>",  # no such label: the bytes are sniffed
                "sjis": "<p>\u65e5\u672c</p>".encode("shift_jis"),
                "%22utf-8%22": "<p>caf\u00e9</p>".encode(),
            }
            self._send(bodies[label], f"text/html; charset={label.replace('%22', chr(34))}")
        else:
            self._send(b"<h1>Not Found</h1>", status=404)


def _serve() -> tuple[http.server.ThreadingHTTPServer, threading.Thread]:
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    httpd.daemon_threads = True
    thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True)
    thread.start()
    return httpd, thread


@pytest.fixture(scope="module")
def server():
    main, main_thread = _serve()
    other, other_thread = _serve()
    Handler.other_port = other.server_address[1]
    try:
        yield f"http://127.0.0.1:{main.server_address[1]}"
    finally:
        for httpd, thread in ((main, main_thread), (other, other_thread)):
            httpd.shutdown()
            httpd.server_close()
            thread.join(timeout=10)


def get(url: str, **options):
    return fetch(url, allow_private=True, **options)


def test_page(server):
    page = get(f"{server}/page")
    assert (page.status, page.body, page.content_type, page.charset) == (200, PAGE, "text/html", "utf-8")
    assert page.html == PAGE.decode()


@pytest.mark.parametrize("path", ["/trickle", "/trickle-headers", "/silent"])
def test_one_deadline_for_the_whole_fetch(server, path):
    # /trickle sends a byte every 0.1 s: no single read waits 1 s, the whole body takes 3 s
    with pytest.raises(FetchError, match=r"^timed out after 1 s$"):
        get(f"{server}{path}", timeout=1.0)


def test_redirect_loop(server):
    with pytest.raises(FetchError, match=r"too many redirects \(limit 3\)"):
        get(f"{server}/loop", max_redirects=3)


def test_redirect_to_another_port_is_followed_only_with_the_guard_lifted(server):
    # allow_private trusts every private address, so the hop to the second server is taken
    page = get(f"{server}/other-port")
    assert page.url == f"http://127.0.0.1:{Handler.other_port}/page" and page.body == PAGE


@pytest.mark.parametrize(("path", "target"), [("/ftp", "ftp://127.0.0.1/page.html"),
                                              ("/file", "file:///etc/passwd")])
def test_redirect_to_another_scheme_is_refused(server, path, target):
    with pytest.raises(FetchError, match="redirect to a non-http\\(s\\) URL refused") as caught:
        get(f"{server}{path}")
    assert target in str(caught.value)


@pytest.mark.parametrize("path", ["/gzip", "/deflate", "/raw-deflate"])
def test_content_encoding_decoded(server, path):
    assert get(f"{server}{path}").body == PAGE


def test_brotli_not_offered_and_refused(server):
    Handler.seen.clear()
    with pytest.raises(FetchError, match="unsupported Content-Encoding 'br'"):
        get(f"{server}/br")
    assert Handler.seen[-1][1]["accept-encoding"] == ACCEPT_ENCODING == "gzip, deflate"


def test_gzip_bomb_stops_at_the_cap(server):
    with pytest.raises(FetchError, match="too large: more than 1048576 bytes"):
        get(f"{server}/gzip-bomb", max_bytes=1 << 20)


@pytest.mark.parametrize(("path", "message"), [
    ("/truncated", "truncated body: 60 of 1000 bytes"),
    ("/truncated-chunked", "truncated body"),
    ("/gzip-cut", "truncated body: the gzip stream ends early"),
])
def test_truncated_body_is_an_error(server, path, message):
    with pytest.raises(FetchError, match=message):
        get(f"{server}{path}")


def test_a_content_length_that_is_no_number_is_ignored(server):
    # read to the close as without one (http.client ignores it too), not a ValueError
    assert get(f"{server}/superscript-length").body == PAGE


def test_size_cap_with_and_without_content_length(server):
    with pytest.raises(FetchError, match=rf"too large: {len(PAGE)} bytes \(limit 50"):
        get(f"{server}/page", max_bytes=50)
    with pytest.raises(FetchError, match="too large: more than 1000 bytes"):
        get(f"{server}/unsized", max_bytes=1000)
    assert get(f"{server}/unsized").body == PAGE * 100


@pytest.mark.parametrize(("label", "expected"), [
    ("latin1", "<p>\u20ac and caf\u00e9</p>"),  # the label means windows-1252: 0x80 is the euro sign
    ("sjis", "<p>\u65e5\u672c</p>"),
    ("%22utf-8%22", "<p>caf\u00e9</p>"),  # a quoted charset parameter
    ("unicode_escape", b"<p>\\u0041\\u0042</p>"),  # a Python codec name, no encoding label: bytes
])
def test_charset_labels_of_the_encoding_standard(server, label, expected):
    assert get(f"{server}/charset/{label}").html == expected


def test_http_error_status(server):
    with pytest.raises(FetchError, match="HTTP 404 Not Found") as caught:
        get(f"{server}/missing")
    assert caught.value.status == 404


@pytest.mark.parametrize("url", ["http://127.0.0.1:{port}/page", "http://localhost:{port}/page",
                                 "http://[::ffff:127.0.0.1]:{port}/page", "http://169.254.169.254/latest/",
                                 "http://10.1.2.3/", "http://[::1]:{port}/", "http://0.0.0.0:{port}/"])
def test_ssrf_guard_refuses_private_addresses_by_default(server, url):
    Handler.seen.clear()
    port = server.rsplit(":", 1)[1]
    with pytest.raises(FetchError, match=r"^refused: .* a (loopback|link-local|private|unspecified) address"):
        fetch(url.format(port=port), timeout=2.0)
    assert Handler.seen == []  # refused before any connection


@pytest.mark.parametrize("url", ["ftp://example.org/", "file:///etc/passwd", "example.org"])
def test_only_http_urls(url):
    with pytest.raises(FetchError, match="not an http\\(s\\) URL"):
        fetch(url)


def test_str_subclass_url(server):
    class Url(str):
        pass

    assert get(Url(f"{server}/page")).body == PAGE


def test_refused_connection_is_an_error():
    with socket.socket() as probe:  # a port with nobody listening
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with pytest.raises(FetchError, match=f"cannot connect to 127.0.0.1:{port}"):
        get(f"http://127.0.0.1:{port}/")


def test_name_resolution_counts_against_the_deadline(monkeypatch):
    # a resolver that hangs (an unreachable DNS server) is cut off at the same deadline
    def hang(*args, **kwargs):
        time.sleep(3)
        raise socket.gaierror("never answered")

    monkeypatch.setattr(socket, "getaddrinfo", hang)
    with pytest.raises(FetchError, match=r"^timed out after 1 s$"):
        fetch("http://example.org/", timeout=1.0)


def test_compat_downloads_go_through_the_fetcher(server, monkeypatch):
    from turbohtml.compat import htmldate, trafilatura

    # the SSRF guard holds for the drop-in downloaders too: loopback is refused
    assert trafilatura.fetch_url(f"{server}/page") is None
    assert htmldate.find_date(f"{server}/dated") is None
    # lifted (as a test only may), the same fetcher downloads and decodes the page
    monkeypatch.setattr("turbohtml.fetch._refusal", lambda address: None)
    assert trafilatura.fetch_url(f"{server}/page") == PAGE.decode()
    assert htmldate.find_date(f"{server}/dated") == "2021-03-04"
