"""``courlan.urlstore``: ``UrlStore``, a crawl frontier of URLs grouped by host, and
``load_store``.

Same methods and attributes as courlan 1.4.0's: per host (``"https://example.org"``)
an entry with its paths in crawl order and their visited flags, a state
(``State.OPEN``/``ALL_VISITED``/``BUSTED``), a download count, the time of the last
download and the robots.txt rules. URLs are normalized with turbohtml's WHATWG
normalizer on the way in. ``compressed=True`` keeps each host's paths bz2-compressed.
"""

from __future__ import annotations

import bz2
import logging
import pickle
from collections import defaultdict, deque
from datetime import datetime, timedelta
from enum import Enum
from threading import Lock
from typing import Any
from urllib.robotparser import RobotFileParser

from turbohtml.compat import MIRRORED
from turbohtml.compat.courlan.clean import normalize_url
from turbohtml.compat.courlan.core import filter_links
from turbohtml.compat.courlan.filters import lang_filter, validate_url
from turbohtml.compat.courlan.urlutils import get_base_url, get_host_and_path

__version__ = MIRRORED["courlan"]

__all__ = ["State", "UrlStore", "load_store"]

LOGGER = logging.getLogger(__name__)


class State(Enum):
    """Where a host stands: URLs left to visit, all visited, or given up."""

    OPEN = 1
    ALL_VISITED = 2
    BUSTED = 3


class UrlPathTuple:
    """One path of a host (stored as UTF-8 bytes) and whether it was visited."""

    __slots__ = ("urlpath", "visited")

    def __init__(self, urlpath: str, visited: bool) -> None:
        self.urlpath: bytes = urlpath.encode("utf-8")
        self.visited: bool = visited

    def path(self) -> str:
        return self.urlpath.decode("utf-8")


class DomainEntry:
    """What the store keeps per host."""

    __slots__ = ("count", "rules", "state", "timestamp", "total", "tuples")

    def __init__(self, state: State = State.OPEN) -> None:
        self.count = 0
        self.rules: Any = None
        self.state = state
        self.timestamp: datetime | None = None
        self.total = 0
        self.tuples: Any = deque()


def _variants(path: str) -> tuple[str, str]:
    """The path and its trailing-slash twin, which the store treats as one URL."""
    return path, (path[:-1] if path.endswith("/") else path + "/")


class UrlStore:
    """URLs grouped by host, with visit bookkeeping for polite crawling."""

    __slots__ = ("compressed", "done", "language", "strict", "trailing_slash", "urldict", "_lock")

    def __init__(self, compressed: bool = False, language: str | None = None, strict: bool = False,
                 trailing_slash: bool = True, verbose: bool = False) -> None:
        self.compressed = compressed
        self.done = False
        self.language = language
        self.strict = strict
        self.trailing_slash = trailing_slash
        self.urldict: defaultdict[str, DomainEntry] = defaultdict(DomainEntry)
        self._lock = Lock()
        # verbose: courlan installs SIGINT/SIGTERM handlers that print the frontier and
        # exit; a library should not take over the host's signals, so it is a no-op here

    def __getstate__(self) -> dict[str, Any]:
        return {slot: getattr(self, slot) for slot in self.__slots__ if slot != "_lock"}

    def __setstate__(self, state: dict[str, Any]) -> None:
        for slot, value in state.items():
            setattr(self, slot, value)
        self._lock = Lock()

    # ------------------------------------------------------------ storage

    def _load_urls(self, domain: str) -> deque[UrlPathTuple]:
        if domain not in self.urldict:
            return deque()
        stored = self.urldict[domain].tuples
        tuples: deque[UrlPathTuple] = pickle.loads(bz2.decompress(stored)) \
            if self.compressed and isinstance(stored, bytes) else stored
        return tuples

    def _save_urls(self, domain: str, urls: deque[UrlPathTuple]) -> None:
        entry = self.urldict[domain]
        entry.tuples = bz2.compress(pickle.dumps(urls, protocol=5)) if self.compressed else urls
        entry.total = len(urls)

    def _buffer_urls(self, data: list[str], visited: bool = False) -> dict[str, deque[UrlPathTuple]]:
        """Valid URLs of the wanted language, normalized, grouped by host."""
        grouped: dict[str, deque[UrlPathTuple]] = defaultdict(deque)
        for url in dict.fromkeys(data):
            try:
                valid, parsed = validate_url(url)
                if not valid or parsed is None:
                    raise ValueError(url)
                if self.language is not None and not lang_filter(url, self.language, self.strict,
                                                                 self.trailing_slash):
                    raise ValueError(url)
                normalized = normalize_url(parsed, strict=self.strict, language=self.language,
                                           trailing_slash=self.trailing_slash)
                host, path = get_host_and_path(normalized)
            except (TypeError, ValueError):
                LOGGER.warning("Discarding URL: %s", url)
                continue
            grouped[host].append(UrlPathTuple(path, visited))
        return grouped

    def _store_urls(self, domain: str, to_right: deque[UrlPathTuple] | None = None,
                    timestamp: datetime | None = None, to_left: deque[UrlPathTuple] | None = None) -> None:
        # one entry per host whatever the protocol: https wins over http
        if domain.startswith("http://") and "https" + domain[4:] in self.urldict:
            domain = "https" + domain[4:]
        elif domain.startswith("https://") and "http" + domain[5:] in self.urldict:
            self.urldict[domain] = self.urldict.pop("http" + domain[5:])
        if domain in self.urldict and self.urldict[domain].state is State.BUSTED:
            return
        urls = self._load_urls(domain)
        known: set[str] = set()
        for item in urls:
            known.update(_variants(item.path()))
        with self._lock:
            for item in to_right or ():
                path = item.path()
                if path not in known:
                    urls.append(item)
                    known.update(_variants(path))
            for item in to_left or ():
                path = item.path()
                if path not in known:
                    urls.appendleft(item)
                    known.update(_variants(path))
            self._save_urls(domain, urls)
            entry = self.urldict[domain]
            if timestamp is not None:
                entry.timestamp = timestamp
            if all(item.visited for item in urls):
                entry.state = State.ALL_VISITED
            else:
                entry.state = State.OPEN
                self.done = False

    def _set_done(self) -> None:
        if not self.done and all(entry.state is not State.OPEN for entry in self.urldict.values()):
            with self._lock:
                self.done = True

    def _search_urls(self, urls: list[str], visited_only: bool) -> list[str]:
        """The URLs not known (or, with ``visited_only``, not visited), in input order."""
        remaining = dict.fromkeys(urls)
        paths_of: dict[str, dict[str, bool]] = {}
        for url in list(remaining):
            host, path = get_host_and_path(url)
            if host not in paths_of:
                paths_of[host] = {item.path(): item.visited for item in self._load_urls(host)}
            known = paths_of[host]
            if path in known and (not visited_only or known[path]):
                del remaining[url]
        return list(remaining)

    # ------------------------------------------------------------ additions and deletions

    def add_urls(self, urls: list[str] | None = None, appendleft: list[str] | None = None,
                 visited: bool = False) -> None:
        """Add URLs at the end (``urls``) or the front (``appendleft``) of their host's queue."""
        if urls:
            for host, tuples in self._buffer_urls(urls, visited).items():
                self._store_urls(host, to_right=tuples)
        if appendleft:
            for host, tuples in self._buffer_urls(appendleft, visited).items():
                self._store_urls(host, to_left=tuples)

    def add_from_html(self, htmlstring: str, url: str, external: bool = False, lang: str | None = None,
                      with_nav: bool = True) -> None:
        """Add a page's crawlable links; navigation pages go first, robots rules apply."""
        links, priority = filter_links(htmlstring, url, external=external, lang=lang or self.language,
                                       rules=self.get_rules(get_base_url(url)), strict=self.strict,
                                       with_nav=with_nav)
        self.add_urls(urls=links, appendleft=priority)

    def discard(self, domains: list[str]) -> None:
        """Give up on these hosts: their URLs are dropped and never taken again."""
        with self._lock:
            for domain in domains:
                self.urldict[domain] = DomainEntry(state=State.BUSTED)
        self._set_done()

    def reset(self) -> None:
        """Empty the store."""
        with self._lock:
            self.urldict = defaultdict(DomainEntry)

    # ------------------------------------------------------------ hosts

    def get_known_domains(self) -> list[str]:
        return list(self.urldict)

    def get_unvisited_domains(self) -> list[str]:
        return [domain for domain, entry in self.urldict.items() if entry.state is State.OPEN]

    def is_exhausted_domain(self, domain: str) -> bool:
        return domain in self.urldict and self.urldict[domain].state is not State.OPEN

    def unvisited_websites_number(self) -> int:
        return len(self.get_unvisited_domains())

    # ------------------------------------------------------------ URLs

    def find_known_urls(self, domain: str) -> list[str]:
        return [domain + item.path() for item in self._load_urls(domain)]

    def find_unvisited_urls(self, domain: str) -> list[str]:
        if self.is_exhausted_domain(domain):
            return []
        return [domain + item.path() for item in self._load_urls(domain) if not item.visited]

    def filter_unknown_urls(self, urls: list[str]) -> list[str]:
        return self._search_urls(urls, visited_only=False)

    def filter_unvisited_urls(self, urls: list[str]) -> list[str]:
        return self._search_urls(urls, visited_only=True)

    def has_been_visited(self, url: str) -> bool:
        return not self.filter_unvisited_urls([url])

    def is_known(self, url: str) -> bool:
        host, path = get_host_and_path(url)
        return any(item.path() == path for item in self._load_urls(host))

    # ------------------------------------------------------------ downloads

    def get_url(self, domain: str, as_visited: bool = True) -> str | None:
        """The host's next unvisited URL (marked visited unless ``as_visited=False``)."""
        if not self.is_exhausted_domain(domain):
            urls = self._load_urls(domain)
            for item in urls:
                if not item.visited:
                    if as_visited:
                        item.visited = True
                        with self._lock:
                            self.urldict[domain].count += 1
                        self._store_urls(domain, urls, timestamp=datetime.now())
                    return domain + item.path()
        with self._lock:
            self.urldict[domain].state = State.ALL_VISITED
        self._set_done()
        return None

    def get_download_urls(self, time_limit: float = 10.0, max_urls: int = 10000) -> list[str]:
        """One URL per host whose last download is older than ``time_limit`` seconds."""
        urls: list[str] = []
        for domain, entry in list(self.urldict.items()):
            if entry.state is not State.OPEN:
                continue
            if entry.timestamp is None or (datetime.now() - entry.timestamp).total_seconds() > time_limit:
                url = self.get_url(domain)
                if url is not None:
                    urls.append(url)
                    if len(urls) >= max_urls:
                        break
        self._set_done()
        return urls

    def establish_download_schedule(self, max_urls: int = 100, time_limit: int = 10) -> list[tuple[float, str]]:
        """Up to ``max_urls`` ``(seconds from now, URL)`` pairs, ``time_limit`` apart per host."""
        hosts = self.get_unvisited_domains()
        if not hosts:
            return []
        per_host = max_urls // len(hosts) or 1
        targets: list[tuple[float, str]] = []
        for domain in hosts:
            urls = self._load_urls(domain)
            chosen: list[str] = []
            for item in urls:
                if len(chosen) >= per_host or len(targets) + len(chosen) >= max_urls:
                    break
                if not item.visited:
                    chosen.append(item.path())
                    item.visited = True
                    with self._lock:
                        self.urldict[domain].count += 1
            now = datetime.now()
            last = self.urldict[domain].timestamp
            if last is None or (now - last).total_seconds() > time_limit:
                wait = 0.0
            else:
                wait = time_limit - round((now - last).total_seconds(), 2)
            for path in chosen:
                targets.append((wait, domain + path))
                wait += time_limit
            self._store_urls(domain, urls, timestamp=now + timedelta(seconds=wait - time_limit))
        self._set_done()
        return sorted(targets, key=lambda target: target[1])

    # ------------------------------------------------------------ crawling rules

    def store_rules(self, website: str, rules: RobotFileParser | None) -> None:
        self.urldict[website].rules = bz2.compress(pickle.dumps(rules)) if self.compressed else rules

    def get_rules(self, website: str) -> RobotFileParser | None:
        if website not in self.urldict:
            return None
        stored = self.urldict[website].rules
        rules: RobotFileParser | None = pickle.loads(bz2.decompress(stored)) \
            if self.compressed and isinstance(stored, bytes) else stored
        return rules

    def get_crawl_delay(self, website: str, default: float = 5) -> float:
        """robots.txt's ``Crawl-delay`` for the host, or ``default``."""
        rules = self.get_rules(website)
        delay = rules.crawl_delay("*") if rules is not None else None
        return float(delay) if delay else default

    # ------------------------------------------------------------ counts and output

    def get_all_counts(self) -> list[int]:
        return [entry.count for entry in self.urldict.values()]

    def total_url_number(self) -> int:
        return sum(entry.total for entry in self.urldict.values())

    def download_threshold_reached(self, threshold: float) -> bool:
        return any(entry.count >= threshold for entry in self.urldict.values())

    def dump_urls(self) -> list[str]:
        return [url for domain in self.urldict for url in self.find_known_urls(domain)]

    def print_unvisited_urls(self) -> None:
        for domain in self.urldict:
            print("\n".join(self.find_unvisited_urls(domain)), flush=True)

    def print_urls(self) -> None:
        for domain in self.urldict:
            print("\n".join(f"{domain}{item.path()}\t{item.visited}" for item in self._load_urls(domain)),
                  flush=True)

    def write(self, filename: str) -> None:
        """Pickle the store to ``filename``."""
        with open(filename, "wb") as output:
            pickle.dump(self, output)


def load_store(filename: str) -> UrlStore:
    """A store written by ``UrlStore.write`` (a pickle: load only files you trust)."""
    with open(filename, "rb") as handle:
        store: UrlStore = pickle.load(handle)
    return store
