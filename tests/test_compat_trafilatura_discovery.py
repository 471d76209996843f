"""trafilatura's link discovery (``sitemaps.sitemap_search``, ``feeds.find_feed_urls``,
``spider.focused_crawler``) against a small website served on 127.0.0.1.

The site is reached as ``www.example.net`` (courlan reads no domain from an IP address
with a port): name resolution is replaced for the test, answering 127.0.0.1 for that host
and refusing every other name, so nothing leaves the machine. The expected URL sets are
written from the site's files; where trafilatura is installed, it runs on the same site
and must find the same sets.
"""

from __future__ import annotations

import functools
import gzip
import http.server
import importlib
import socket
import threading
from collections.abc import Iterator
from configparser import ConfigParser
from pathlib import Path
from types import ModuleType

import pytest

from turbohtml.compat.trafilatura import feeds, settings, sitemaps, spider

from conftest import growth_ratio

HOST = "www.example.net"
SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9"


def _page(title: str, links: list[str], head: str = "", lang: str = "en") -> str:
    anchors = "".join(f'<li><a href="{href}">{href}</a></li>' for href in links)
    return (f'<!DOCTYPE html><html lang="{lang}"><head><title>{title}</title>{head}</head><body><nav><ul>{anchors}'
            f"</ul></nav><article><p>{title}: a paragraph of prose.</p></article></body></html>")


def _urlset(*locations: str) -> str:
    urls = "".join(f"<url><loc>{location}</loc></url>" for location in locations)
    return f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="{SITEMAP_NS}">{urls}</urlset>'


def _files(base: str) -> dict[str, str | bytes]:
    feed_head = ('<link rel="alternate" type="application/rss+xml; charset=UTF-8" href="/feed.xml">'
                 '<link rel="alternate" type="application/atom+xml" href="/atom.xml">'
                 '<link rel="alternate" type="application/rss+xml" href="/comments/feed.xml">')
    laughs = "".join(f'<!ENTITY l{i} "{f"&l{i - 1};" * 10}">' for i in range(1, 8))
    return {
        "robots.txt": f"User-agent: *\nDisallow: /private/\n\nSitemap: {base}/sitemap_index.xml  # the index\n",
        "sitemap_index.xml": (f'<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="{SITEMAP_NS}">'
                              f"<sitemap><loc>{base}/sitemap-posts.xml</loc></sitemap>"
                              f"<sitemap><loc>\n  {base}/sitemap-pages.xml.gz\n</loc></sitemap></sitemapindex>"),
        "sitemap-posts.xml": _urlset(f"{base}/posts/first-post.html", f"{base}/posts/second-post.html?a=1&amp;b=2",
                                     "https://other-site.org/posts/third.html", f"{base}/posts/first-post.html"),
        "sitemap-pages.xml.gz": gzip.compress(_urlset(f"{base}/about.html").encode()),
        "links/sitemap": f"{base}/posts/first-post.html\n{base}/about.html\nnot a link <{base}/x>\n",
        "hreflang.xml": (f'<?xml version="1.0"?>\n<urlset xmlns="{SITEMAP_NS}" xmlns:xhtml="http://www.w3.org/1999/xhtml">'
                         f'<url><loc>{base}/en/page.html</loc>'
                         f'<xhtml:link rel="alternate" hreflang="de" href="{base}/de/seite.html"/>'
                         f'<xhtml:link rel="alternate" hreflang="en" href="{base}/en/page.html"/></url></urlset>'),
        "broken.xml": (f'<?xml version="1.0"?>\n<urlset xmlns="{SITEMAP_NS}"><url><loc>{base}/posts/first-post.html'
                       f"</loc></url><url><loc>{base}/posts/second"),
        "garbage.xml": "<?xml version='1.0'?><urlset><<<&&&>>></urlset",
        "laughs.xml": (f'<?xml version="1.0"?>\n<!DOCTYPE urlset [<!ENTITY l0 "ha">{laughs}]>\n'
                       f'<urlset xmlns="{SITEMAP_NS}"><url><loc>{base}/posts/&l7;.html</loc></url></urlset>'),
        "page-sitemap.xml": _page("Not a sitemap", []),
        "feed.xml": (f'<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel><title>Site</title>'
                     f"<link>{base}/</link><item><title>First</title><link>{base}/posts/first-post.html</link></item>"
                     f"<item><title>Fourth</title><link><![CDATA[{base}/posts/fourth-post.html]]></link></item>"
                     f"<item><link>https://other-site.org/elsewhere.html</link></item></channel></rss>"),
        "atom.xml": (f'<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom"><title>S</title>'
                     f'<link href="{base}/atom.xml" rel="self"/><link href="{base}/"/>'
                     f'<entry><title>Second</title><link href="{base}/posts/second-post.html"/></entry>'
                     '<entry><title>Fifth</title><link rel="alternate" href="/posts/fifth-post.html"/></entry>'
                     "</feed>"),
        "feed.json": ('{"version": "https://jsonfeed.org/version/1.1", "items": [{"id": "1", "url": "'
                      f'{base}/posts/first-post.html"}}, {{"id": "{base}/blog/sixth-post.html"}}, "junk"]}}'),
        "comments/feed.xml": f"<rss><channel><item><link>{base}/posts/comment-1.html</link></item></channel></rss>",
        "index.html": _page("Home", ["/category/news/", "/posts/first-post.html", "/about.html",
                                     "/private/secret.html", "https://other-site.org/x.html", "/contact"], feed_head),
        "blog/index.html": _page("Blog", ["/posts/first-post.html"], '<link rel="alternate" href="/feed.json" '
                                 'type="application/feed+json">'),
        "category/news/index.html": _page("News", ["/posts/second-post.html", "/posts/fourth-post.html", "/"]),
        "posts/first-post.html": _page("First", ["/posts/second-post.html", "/"]),
        "posts/second-post.html": _page("Second", ["/posts/first-post.html"]),
        "posts/fourth-post.html": _page("Fourth", ["/posts/fifth-post.html"]),
        "posts/fifth-post.html": _page("Fifth", []),
        "about.html": _page("About", []),
        "private/secret.html": _page("Secret", ["/posts/hidden.html"]),
        "deutsch.html": _page("Deutsch", ["/posts/first-post.html"], lang="de"),
    }


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002  (the base class's name)
        pass


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The site's base URL; ``www.example.net`` resolves to the server while it runs."""
    root = tmp_path_factory.mktemp("site")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(root)))
    base = f"http://{HOST}:{server.server_address[1]}"
    for name, content in _files(base).items():
        path = Path(root, name)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content if isinstance(content, bytes) else content.encode())
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    resolve = socket.getaddrinfo

    def offline(host: str, *args, **kwargs):  # type: ignore[no-untyped-def]
        if host == HOST:
            return resolve("127.0.0.1", *args, **kwargs)
        raise socket.gaierror(f"offline test: {host} not resolved")

    socket.getaddrinfo = offline  # type: ignore[assignment]
    try:
        yield base
    finally:
        socket.getaddrinfo = resolve
        server.shutdown()
        server.server_close()
        thread.join()


def _config(settings_module: ModuleType = settings, **values: str) -> ConfigParser:
    config = settings_module.use_config()
    for name, value in {"SSRF_PROTECTION": "off", "SLEEP_TIME": "0", **values}.items():
        config.set("DEFAULT", name, value)
    return config


def _relative(base: str, urls: list[str]) -> list[str]:
    return [url.replace(base, "") for url in urls]


# ---------------------------------------------------------------- sitemaps


def test_sitemap_search_follows_robots_txt_and_the_index(site: str) -> None:
    found = sitemaps.sitemap_search(site + "/", sleep_time=0, config=_config())
    # robots.txt names the index; the index's two sitemaps (one gzipped, its <loc> padded)
    # are read last-first; the other host is left out, the repeated URL kept once, &amp; read as &
    assert _relative(site, found) == ["/about.html", "/posts/first-post.html", "/posts/second-post.html?a=1&b=2"]


def test_sitemap_search_on_a_sitemap_a_text_sitemap_and_a_section(site: str) -> None:
    config = _config()
    assert _relative(site, sitemaps.sitemap_search(site + "/sitemap-posts.xml", sleep_time=0, config=config)) == [
        "/posts/first-post.html", "/posts/second-post.html?a=1&b=2"]
    # a text sitemap: one URL a line
    assert _relative(site, sitemaps.sitemap_search(site + "/links/sitemap", config=config)) == [
        "/posts/first-post.html", "/about.html", "/x"]
    assert _relative(site, sitemaps.sitemap_search(site + "/posts/", sleep_time=0, config=config)) == [
        "/posts/first-post.html", "/posts/second-post.html?a=1&b=2"]
    assert _relative(site, sitemaps.sitemap_search(site + "/sitemap-posts.xml", external=True, sleep_time=0,
                                                   config=config)) == [
        "/posts/first-post.html", "/posts/second-post.html?a=1&b=2", "https://other-site.org/posts/third.html"]


def test_sitemap_search_reads_the_target_language_alternates(site: str) -> None:
    config = _config()
    assert _relative(site, sitemaps.sitemap_search(site + "/hreflang.xml", target_lang="de", config=config)) == [
        "/de/seite.html"]
    assert _relative(site, sitemaps.sitemap_search(site + "/hreflang.xml", config=config)) == ["/en/page.html"]


def test_sitemap_search_bounds_and_bad_input(site: str) -> None:
    config = _config()
    # one sitemap allowed: the index is read, the sitemaps it names are not
    assert sitemaps.sitemap_search(site + "/", sleep_time=0, max_sitemaps=1, config=config) == []
    # a document cut short gives the locations before the break
    assert _relative(site, sitemaps.sitemap_search(site + "/broken.xml", config=config)) == ["/posts/first-post.html"]
    for name in ("garbage.xml", "laughs.xml", "page-sitemap.xml", "missing.xml"):
        assert sitemaps.sitemap_search(f"{site}/{name}", config=config) == [], name
    # larger than MAX_FILE_SIZE: not downloaded
    assert sitemaps.sitemap_search(site + "/sitemap-posts.xml", config=_config(MAX_FILE_SIZE="100")) == []
    # the SSRF guard is on by default: the loopback server is refused
    assert sitemaps.sitemap_search(site + "/sitemap-posts.xml") == []
    assert sitemaps.sitemap_search("not a url") == []


def test_robots_sitemaps_and_plausibility() -> None:
    robots = "User-agent: *\nSitemap: /a.xml # first\nsitemap:https://example.org/b.xml\nSitemap: /a.xml\nSitemap:\n"
    assert sitemaps.extract_robots_sitemaps(robots, "https://example.org") == [
        "https://example.org/a.xml", "https://example.org/b.xml"]
    assert sitemaps.extract_robots_sitemaps("Sitemap: /a.xml\n" + "#" * 10_000, "https://example.org") == []
    assert sitemaps.extract_robots_sitemaps(None, "https://example.org") == []
    assert sitemaps.is_plausible_sitemap("https://example.org/sitemap.xml", "<?xml version='1.0'?><urlset/>")
    assert sitemaps.is_plausible_sitemap("https://example.org/sitemap", "https://example.org/a\n")
    assert not sitemaps.is_plausible_sitemap("https://example.org/sitemap.xml?x=1", "https://example.org/a\n")
    assert not sitemaps.is_plausible_sitemap("https://example.org/sitemap", "<!doctype html><html><body>")
    assert not sitemaps.is_plausible_sitemap("https://example.org/sitemap", None)


def test_gzip_is_inflated_within_bounds() -> None:
    from turbohtml.compat.trafilatura.utils import decode_file

    assert decode_file(gzip.compress(b"<urlset/>")) == "<urlset/>"
    assert len(decode_file(gzip.compress(b"a" * 5_000_000), max_size=1000)) == 1000  # a bomb stops at the cap
    assert decode_file(b"\x1f\x8bnot gzip") == "\x1f\u2039not gzip"  # left as it is, decoded (windows-1252)


# ---------------------------------------------------------------- feeds


def test_find_feed_urls_on_feeds_and_on_a_page(site: str) -> None:
    config = _config()
    # RSS: the channel's own link (the site root) and the other host are left out; CDATA unwrapped
    assert _relative(site, feeds.find_feed_urls(site + "/feed.xml", config=config)) == [
        "/posts/first-post.html", "/posts/fourth-post.html"]
    # Atom: rel="self" left out, a relative href resolved
    assert _relative(site, feeds.find_feed_urls(site + "/atom.xml", config=config)) == [
        "/posts/fifth-post.html", "/posts/second-post.html"]
    # JSON Feed: an item's url, else its id
    assert _relative(site, feeds.find_feed_urls(site + "/feed.json", config=config)) == [
        "/blog/sixth-post.html", "/posts/first-post.html"]
    # a page: the feeds its <link rel="alternate"> announce, the comment feed left out
    assert _relative(site, feeds.find_feed_urls(site + "/", sleep_time=0, config=config)) == [
        "/posts/fifth-post.html", "/posts/first-post.html", "/posts/fourth-post.html", "/posts/second-post.html"]
    # a section page: its feed's links below the section
    assert _relative(site, feeds.find_feed_urls(site + "/blog/", config=config)) == ["/blog/sixth-post.html"]
    assert _relative(site, feeds.find_feed_urls(site + "/feed.xml", external=True, config=config)) == [
        "/posts/first-post.html", "/posts/fourth-post.html", "https://other-site.org/elsewhere.html"]


def test_find_feed_urls_bad_input(site: str) -> None:
    config = _config()
    for name in ("garbage.xml", "laughs.xml", "about.html"):
        assert feeds.find_feed_urls(f"{site}/{name}", config=config) == [], name
    # a page that cannot be downloaded: its homepage is tried instead
    assert len(feeds.find_feed_urls(site + "/missing/page.html", sleep_time=0, config=config)) == 4
    assert feeds.find_feed_urls(site + "/feed.xml", config=_config(MAX_FILE_SIZE="100")) == []
    assert feeds.find_feed_urls(site + "/feed.xml") == []  # SSRF guard
    assert feeds.find_feed_urls("nonsense") == []
    params = feeds.FeedParameters("https://example.org", "example.org", "https://example.org/feed")
    assert feeds.extract_links('{"items": {"not": "a list"}}', params) == []
    assert feeds.extract_links("[" * 100_000, params) == []
    assert feeds.determine_feed("", params) == []


@pytest.mark.parametrize("unit", ["<link a ", '<link a="', "<link>x", "<link a='<"])
def test_feed_reading_grows_linearly(unit: str) -> None:
    """Unclosed tags and elements (a hostile feed) are read in linear time: trafilatura's
    patterns rescan the rest of the feed from each opening."""
    params = feeds.FeedParameters("https://example.org", "example.org", "https://example.org/feed")
    opening = "<rss>" if unit == "<link>x" else "<feed>"
    ratio = growth_ratio(lambda text: feeds.find_links(text, params), opening + unit * 20_000, opening + unit * 80_000)
    assert ratio < 8


# ---------------------------------------------------------------- spider


def test_focused_crawler_visits_navigation_first_and_honours_robots(site: str) -> None:
    config = _config()
    spider.URL_STORE.reset()
    todo, known = spider.focused_crawler(site + "/", max_seen_urls=1, config=config)
    # the homepage: its internal links, robots.txt's Disallow, /contact (not crawlable) and the other host out
    assert _relative(site, todo)[0] == "/category/news/"  # navigation pages lead the queue
    assert set(_relative(site, todo)) == {"/category/news/", "/posts/first-post.html", "/about.html"}
    assert set(_relative(site, known)) == {"/", "/category/news/", "/posts/first-post.html", "/about.html"}
    assert spider.is_still_navigation(todo)
    todo, known = spider.focused_crawler(site + "/", max_seen_urls=10, todo=todo, known_links=known, config=config)
    assert todo == []
    assert set(_relative(site, known)) == {"/", "/category/news/", "/posts/first-post.html", "/about.html",
                                           "/posts/second-post.html", "/posts/fourth-post.html",
                                           "/posts/fifth-post.html"}
    assert not spider.is_still_navigation(todo)


def test_focused_crawler_bounds_and_options(site: str) -> None:
    config = _config()
    spider.URL_STORE.reset()
    todo, known = spider.focused_crawler(site + "/", max_seen_urls=10, max_known_urls=3, config=config)
    assert len(known) == 4 and len(todo) == 3  # stopped after the homepage: 4 known > 3
    spider.URL_STORE.reset()
    _todo, known = spider.focused_crawler(site + "/", max_seen_urls=1, prune_xpath="//nav", config=config)
    assert _relative(site, known) == ["/"]
    spider.URL_STORE.reset()
    _todo, known = spider.focused_crawler(site + "/deutsch.html", max_seen_urls=1, lang="en", config=config)
    assert _relative(site, known) == ["/deutsch.html"]  # a page declaring German: its links are not followed
    spider.URL_STORE.reset()
    _todo, known = spider.focused_crawler(site + "/", max_seen_urls=1)  # SSRF guard: nothing fetched
    assert _relative(site, known) == ["/"]
    spider.URL_STORE.reset()
    with pytest.raises(ValueError):
        spider.focused_crawler("no host", config=config)


def test_refresh_detection_and_robots() -> None:
    page = '<html><head><meta http-equiv="Refresh" content="0; url=\'https://example.org/new\'"></head></html>'
    assert spider.refresh_detection("<html><body>plain</body></html>", "https://example.org") == (
        "<html><body>plain</body></html>", "https://example.org")
    assert spider.refresh_detection(page, "https://example.org") == (None, None)  # the target cannot be fetched
    no_target = '<html><head><meta http-equiv="refresh" content="5"></head></html>'
    assert spider.refresh_detection(no_target, "https://example.org") == (no_target, "https://example.org")
    rules = spider.parse_robots("https://example.org/robots.txt", "User-agent: *\nDisallow: /private/\nCrawl-delay: 3")
    assert rules is not None and not rules.can_fetch("*", "https://example.org/private/a")
    assert rules.crawl_delay("*") == 3
    assert spider.is_target_language('<html lang="de-AT"><body></body></html>', "de")
    assert not spider.is_target_language('<html lang="fr"><body></body></html>', "de")
    assert spider.is_target_language("<html><body></body></html>", "de")


# ---------------------------------------------------------------- against trafilatura


@pytest.fixture
def original() -> ModuleType:
    return pytest.importorskip("trafilatura")


def test_same_urls_as_trafilatura(site: str, original: ModuleType) -> None:
    """The same URL sets, where trafilatura is right. Left out, deliberate differences
    (docs/migration/trafilatura.md): a ``<loc>`` padded with whitespace (the index's second
    sitemap: trafilatura skips it), a document cut short (trafilatura keeps the cut URL)
    and one declaring entities (trafilatura keeps the URL without the entity)."""
    theirs = {name: importlib.import_module(f"trafilatura.{name}") for name in ("settings", "sitemaps", "feeds",
                                                                                 "spider")}
    config, their_config = _config(), _config(theirs["settings"])
    for start, language in (("/sitemap-posts.xml", None), ("/posts/", None), ("/links/sitemap", None),
                            ("/hreflang.xml", None), ("/hreflang.xml", "de"), ("/garbage.xml", None)):
        ours = sitemaps.sitemap_search(site + start, language, sleep_time=0, config=config)
        expected = theirs["sitemaps"].sitemap_search(site + start, language, sleep_time=0, config=their_config)
        assert set(ours) == set(expected), start
    for start in ("/", "/feed.xml", "/atom.xml", "/feed.json", "/blog/", "/garbage.xml", "/missing/page.html"):
        assert feeds.find_feed_urls(site + start, sleep_time=0, config=config) == theirs["feeds"].find_feed_urls(
            site + start, sleep_time=0, config=their_config), start
    results = []
    for module, crawl_config in ((spider, config), (theirs["spider"], their_config)):
        module.URL_STORE.reset()
        todo, known = module.focused_crawler(site + "/", max_seen_urls=1, config=crawl_config)
        later = module.focused_crawler(site + "/", max_seen_urls=10, todo=todo, known_links=known, config=crawl_config)
        results.append((todo[0], set(todo), set(known), set(later[0]), set(later[1])))
        module.URL_STORE.reset()
    assert results[0] == results[1]


# ---------------------------------------------------------------- command line


@pytest.fixture
def settings_file(tmp_path: Path) -> str:
    path = tmp_path / "settings.cfg"
    path.write_text("[DEFAULT]\nSSRF_PROTECTION = off\nSLEEP_TIME = 0\nMIN_EXTRACTED_SIZE = 20\n")
    return str(path)


def _cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str]]:
    """The exit status (``main`` returns ``None`` on success, as trafilatura's) and the lines printed."""
    from turbohtml.compat.trafilatura import cli

    spider.URL_STORE.reset()
    try:
        status = cli.main(list(argv))
    except SystemExit as exit_:
        status = exit_.code
    return status or 0, capsys.readouterr().out.splitlines()


def test_command_line_discovery(site: str, settings_file: str, capsys: pytest.CaptureFixture[str],
                                tmp_path: Path) -> None:
    config = ("--config-file", settings_file)
    status, lines = _cli(capsys, "--sitemap", site + "/sitemap-posts.xml", "--list", *config)
    assert status == 0 and _relative(site, lines) == ["/posts/first-post.html", "/posts/second-post.html?a=1&b=2"]
    status, lines = _cli(capsys, "--feed", site + "/", "--list", "--url-filter", "fi", *config)
    assert _relative(site, lines) == ["/posts/fifth-post.html", "/posts/first-post.html"]
    status, lines = _cli(capsys, "--feed", site + "/feed.xml", *config)  # the feed's pages, extracted
    assert status == 0 and lines == ["First: a paragraph of prose.", "Fourth: a paragraph of prose."]
    status, lines = _cli(capsys, "--crawl", site + "/", *config)
    assert set(_relative(site, lines)) == {"/", "/category/news/", "/posts/first-post.html", "/about.html",
                                           "/posts/second-post.html", "/posts/fourth-post.html",
                                           "/posts/fifth-post.html"}
    inputs = tmp_path / "sites.txt"
    inputs.write_text(f"{site}/sitemap-posts.xml\n{site}/garbage.xml\n")
    status, lines = _cli(capsys, "--explore", "-i", str(inputs), "--list", *config)
    # the first input's sitemap URLs; the second has none, so its site is crawled from it
    # (a page without links: the crawl knows only its start)
    assert _relative(site, lines) == ["/posts/first-post.html", "/posts/second-post.html?a=1&b=2", "/garbage.xml"]
    inputs.write_text(f"{site}/deutsch.html\n{site}/about.html\n{site}/missing.html\n")
    status, lines = _cli(capsys, "--probe", "-i", str(inputs), *config)
    assert status == 0 and _relative(site, lines) == ["/deutsch.html", "/about.html"]
    status, lines = _cli(capsys, "--probe", "-i", str(inputs), "--target-language", "de", *config)
    assert _relative(site, lines) == ["/deutsch.html"]  # /about.html declares English
