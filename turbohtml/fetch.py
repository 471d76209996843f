"""Fetch one web page with the limits a crawler needs against servers it does not trust::

    from turbohtml.fetch import fetch

    page = fetch("https://example.org/")
    doc = turbohtml.parse(page.html)  # str decoded with the HTTP charset, or bytes to sniff

``fetch`` gives each URL one deadline for everything (name resolution, connect,
headers and body of every redirect hop), caps the body (after ``Content-Encoding``
decoding, so a compression bomb stops at the cap), follows a bounded number of
redirects and only to ``http``/``https``, treats a body cut short as an error, and maps
the ``charset`` parameter through the HTML standard's encoding labels (the Encoding
Standard's table, as browsers do), never through Python's codec names.

Server-side request forgery guard: by default a host that resolves to a private,
loopback, link-local or otherwise non-global address (``10.0.0.0/8``, ``127.0.0.1``,
``169.254.169.254``, ``::1``, ``fc00::/7``...) is refused, for the first URL and every
redirect hop, and the connection goes to the address that was checked (a second DNS
answer cannot swap it). ``allow_private=True`` lifts the guard: use it only when every
URL comes from someone allowed to reach your internal network.

Standard library only: ``Accept-Encoding`` offers ``gzip`` and ``deflate``; ``br`` is
not offered because neither the standard library nor turbohtml's dependencies decode
Brotli, and a server that sends it anyway gets an error, not garbage.
"""

from __future__ import annotations

import http.client
import ipaddress
import socket
import ssl
import threading
import time
import zlib
from dataclasses import dataclass, field
from email.message import Message
from typing import Any
from urllib.parse import urljoin, urlsplit

from turbohtml.io import MAX_PAGE_BYTES, decode_html, http_charset

__all__ = [
    "DEFAULT_MAX_REDIRECTS",
    "DEFAULT_TIMEOUT",
    "FetchError",
    "Page",
    "USER_AGENT",
    "fetch",
]

DEFAULT_TIMEOUT = 20.0
DEFAULT_MAX_REDIRECTS = 5
USER_AGENT = "turbohtml/0.1 (+https://github.com/turbohtml)"
#: The codings decoded (under the size cap); ``br`` would need a Brotli decoder.
ACCEPT_ENCODING = "gzip, deflate"
_REDIRECTS = frozenset({301, 302, 303, 307, 308})
_CHUNK = 64 * 1024


class FetchError(OSError):
    """A URL that could not be fetched; the message is one line saying why.

    ``status`` is the HTTP status of an error response, else ``None``.
    """

    def __init__(self, message: str, status: int | None = None) -> None:
        super().__init__(message)
        self.status = status

    def __str__(self) -> str:
        return str(self.args[0])


@dataclass(frozen=True)
class Page:
    """A fetched response: the final URL after redirects, its status, headers (names
    lower-cased, repeats joined by ", ") and body (``Content-Encoding`` decoded)."""

    url: str
    status: int
    headers: dict[str, str] = field(repr=False)
    body: bytes = field(repr=False)

    @property
    def content_type(self) -> str:
        """The media type without parameters, lower-cased (``""`` when none was sent)."""
        return self.headers.get("content-type", "").partition(";")[0].strip().lower()

    @property
    def charset(self) -> str | None:
        """The ``charset`` parameter of ``Content-Type`` as sent (a label, not a codec)."""
        return http_charset(self.headers.get("content-type"))

    @property
    def html(self) -> str | bytes:
        """The markup for ``turbohtml.parse()``: decoded with the HTTP charset when the
        Encoding Standard knows the label (and no byte order mark overrides it), else the
        bytes, for ``parse()`` to sniff."""
        return decode_html(self.body, self.charset)


def _refusal(address: str) -> str | None:
    """Why the guard refuses an address, or ``None`` for a global unicast one."""
    ip = ipaddress.ip_address(address.partition("%")[0])
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    for kind in ("loopback", "link_local", "private", "multicast", "unspecified", "reserved"):
        if getattr(ip, f"is_{kind}"):
            return kind.replace("_", "-")
    return None if ip.is_global else "non-global"


#: one ``socket.getaddrinfo`` answer: family, type, proto, canonname, sockaddr
_AddrInfo = tuple[Any, ...]


def _resolve(host: str, port: int, deadline: float) -> list[_AddrInfo]:
    """``getaddrinfo`` within the deadline: the C resolver takes no timeout, so it runs in
    a daemon thread that is left to its own (bounded) resolver timeout when the deadline
    passes first."""
    answer: dict[str, object] = {}

    def lookup() -> None:
        try:
            answer["infos"] = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
        except (OSError, UnicodeError) as error:
            answer["error"] = error

    resolver = threading.Thread(target=lookup, name="turbohtml-resolve", daemon=True)
    resolver.start()
    resolver.join(max(deadline - time.monotonic(), 0.0))
    if resolver.is_alive():
        raise TimeoutError
    if "error" in answer:
        raise FetchError(f"cannot resolve {host}: {answer['error']}")
    return answer["infos"]  # type: ignore[return-value]


def _addresses(host: str, port: int, deadline: float, allow_private: bool) -> list[_AddrInfo]:
    infos = _resolve(host, port, deadline)
    if time.monotonic() >= deadline:
        raise TimeoutError
    if allow_private:
        return infos
    allowed = [info for info in infos if _refusal(info[4][0]) is None]
    if not allowed:
        address = infos[0][4][0]
        raise FetchError(f"refused: {host} resolves to {address}, a {_refusal(address)} address "
                         "(the SSRF guard; allow_private=True or --allow-private lifts it)")
    return allowed


class _Watchdog:
    """Shuts the watched socket down at the deadline, so no connect, handshake or read,
    however slow, outlives it."""

    def __init__(self, deadline: float) -> None:
        self.fired = False
        self.sock: socket.socket | None = None  # the socket to cut (replaced by its TLS wrapper)
        self._timer = threading.Timer(max(deadline - time.monotonic(), 0.0), self._fire)
        self._timer.daemon = True
        self._timer.start()

    def _fire(self) -> None:
        self.fired = True
        try:
            if self.sock is not None:
                self.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass

    def cancel(self) -> None:
        self._timer.cancel()


def _connect(scheme: str, host: str, port: int, deadline: float, allow_private: bool,
             watchdog: _Watchdog) -> socket.socket:
    last: OSError | None = None
    for family, kind, proto, _, address in _addresses(host, port, deadline, allow_private):
        remaining = deadline - time.monotonic()
        if remaining <= 0 or watchdog.fired:
            raise TimeoutError
        sock = watchdog.sock = socket.socket(family, kind, proto)
        try:
            sock.settimeout(remaining)
            sock.connect(address)
            if scheme == "https":
                sock = watchdog.sock = ssl.create_default_context().wrap_socket(sock, server_hostname=host)
            return sock
        except OSError as error:
            sock.close()
            if watchdog.fired or isinstance(error, TimeoutError):
                raise TimeoutError from None
            if isinstance(error, ssl.SSLError):
                raise FetchError(f"TLS failed with {host}:{port}: {error}") from None
            last = error
    raise FetchError(f"cannot connect to {host}:{port}: {last}")


class _Decoder:
    """``Content-Encoding`` decoding that never produces more than ``limit`` bytes."""

    def __init__(self, coding: str, limit: int) -> None:
        self.limit = limit
        self.size = 0
        if coding in ("", "identity"):
            self._zlib = None
        elif coding in ("gzip", "x-gzip"):
            self._zlib = zlib.decompressobj(zlib.MAX_WBITS | 16)
        elif coding == "deflate":
            self._zlib = None
            self._deflate: bytes | None = b""  # zlib-wrapped or raw: decided on the first bytes
        else:
            raise FetchError(f"unsupported Content-Encoding {coding!r} (decoded: gzip, deflate)")
        self._coding = coding

    def _grow(self, data: bytes) -> bytes:
        self.size += len(data)
        if self.size > self.limit:
            raise FetchError(f"too large: more than {self.limit} bytes (raise max_bytes / --max-bytes)")
        return data

    def feed(self, data: bytes) -> bytes:
        if self._coding == "deflate" and self._zlib is None:
            self._deflate = (self._deflate or b"") + data
            if len(self._deflate) < 2:
                return b""
            data, self._deflate = self._deflate, None
            zlib_wrapped = data[0] & 0x0F == 8 and (data[0] << 8 | data[1]) % 31 == 0
            self._zlib = zlib.decompressobj(zlib.MAX_WBITS if zlib_wrapped else -zlib.MAX_WBITS)
        if self._zlib is None:
            return self._grow(data)
        try:
            # never inflate past the cap: max_length bounds each step's output
            out = self._zlib.decompress(data, self.limit - self.size + 1)
            while self._zlib.unconsumed_tail and self.size + len(out) <= self.limit:
                out += self._zlib.decompress(self._zlib.unconsumed_tail, self.limit - self.size - len(out) + 1)
        except zlib.error as error:
            raise FetchError(f"bad {self._coding} data: {error}") from None
        return self._grow(out)

    def finish(self) -> None:
        if self._zlib is not None and not self._zlib.eof:
            raise FetchError(f"truncated body: the {self._coding} stream ends early")
        if self._coding == "deflate" and self._zlib is None and self._deflate:
            raise FetchError("truncated body: the deflate stream ends early")


def _headers(message: Message) -> dict[str, str]:
    headers: dict[str, str] = {}
    for name, value in message.items():
        key = name.lower()
        headers[key] = f"{headers[key]}, {value}" if key in headers else value
    return headers


def _request(url: str, deadline: float, max_bytes: int, allow_private: bool,
             user_agent: str) -> tuple[int, dict[str, str], bytes]:
    parts = urlsplit(url)
    host = parts.hostname
    if not host:
        raise FetchError(f"no host in {url[:200]!r}")
    try:
        port = parts.port or (443 if parts.scheme == "https" else 80)
    except ValueError:
        raise FetchError(f"bad port in {url[:200]!r}") from None
    watchdog = _Watchdog(deadline)
    try:
        sock = _connect(parts.scheme, host, port, deadline, allow_private, watchdog)
    except BaseException:
        watchdog.cancel()
        raise
    connection = http.client.HTTPConnection(host, port)
    connection.sock = sock  # the checked address, already connected
    try:
        target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
        connection.putrequest("GET", target, skip_accept_encoding=True)
        connection.putheader("User-Agent", user_agent)
        connection.putheader("Accept", "text/html,application/xhtml+xml,*/*;q=0.5")
        connection.putheader("Accept-Encoding", ACCEPT_ENCODING)
        connection.putheader("Connection", "close")
        connection.endheaders()
        response = connection.getresponse()
        headers = _headers(response.msg)
        if response.status in _REDIRECTS or not 200 <= response.status < 300:
            return response.status, headers, b""
        declared = headers.get("content-length", "")
        # ASCII digits only: str.isdigit() takes superscripts ("\xb2" in a latin-1 header), int() does not
        length = int(declared) if declared.isascii() and declared.isdigit() else None
        if length is not None and not headers.get("content-encoding") and length > max_bytes:
            raise FetchError(f"too large: {declared} bytes (limit {max_bytes}; raise max_bytes / --max-bytes)")
        decoder = _Decoder(headers.get("content-encoding", "").strip().lower(), max_bytes)
        chunks = []
        received = 0
        while True:
            try:
                data = response.read1(_CHUNK)
            except http.client.IncompleteRead:
                raise FetchError("truncated body: the connection closed inside a chunk") from None
            if not data:
                break
            received += len(data)
            chunks.append(decoder.feed(data))
        if watchdog.fired:
            raise TimeoutError
        if length is not None and received < length:
            raise FetchError(f"truncated body: {received} of {declared} bytes")
        decoder.finish()
        return response.status, headers, b"".join(chunks)
    except (OSError, http.client.HTTPException) as error:
        if watchdog.fired or isinstance(error, TimeoutError):
            raise TimeoutError from None
        if isinstance(error, FetchError):
            raise
        raise FetchError(f"cannot fetch: {error or type(error).__name__}") from None
    finally:
        watchdog.cancel()
        connection.close()


def fetch(url: str, *, timeout: float = DEFAULT_TIMEOUT, max_bytes: int = MAX_PAGE_BYTES,
          max_redirects: int = DEFAULT_MAX_REDIRECTS, allow_private: bool = False,
          user_agent: str = USER_AGENT) -> Page:
    """GET ``url`` and return the final ``Page``, or raise ``FetchError`` saying why.

    ``timeout`` seconds bound the whole fetch (connecting, headers and body, every
    redirect hop together; a server that trickles one byte a second is cut off at the
    deadline). The body, after gzip/deflate decoding, may hold at most ``max_bytes``
    bytes. At most ``max_redirects`` redirects are followed, only to ``http``/``https``
    URLs. A private, loopback or link-local address is refused unless ``allow_private``
    (the SSRF guard, see the module docstring). A non-2xx status, a body shorter than its
    ``Content-Length`` or a compressed stream cut short is an error.
    """
    if not isinstance(url, str):
        raise TypeError(f"url must be str, not {type(url).__name__}")
    deadline = time.monotonic() + timeout
    current = str(url)
    for _hop in range(max_redirects + 1):
        scheme = urlsplit(current).scheme.lower()
        if scheme not in ("http", "https"):
            raise FetchError(f"not an http(s) URL: {current[:200]!r}")
        try:
            status, headers, body = _request(current, deadline, max_bytes, allow_private, user_agent)
        except TimeoutError:
            raise FetchError(f"timed out after {timeout:g} s") from None
        if status in _REDIRECTS and "location" in headers:
            target = urljoin(current, headers["location"].strip())
            if urlsplit(target).scheme.lower() not in ("http", "https"):
                raise FetchError(f"redirect to a non-http(s) URL refused: {target[:200]!r}")
            current = target
            continue
        if not 200 <= status < 300:
            reason = http.client.responses.get(status, "")
            raise FetchError(f"HTTP {status} {reason}".rstrip(), status)
        return Page(current, status, headers, body)
    raise FetchError(f"too many redirects (limit {max_redirects})")
