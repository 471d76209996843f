"""turbohtml.compat.w3lib.url: w3lib 2.5.0's functions, checked on the values w3lib
itself returns (its docstrings and tests/test_url.py), plus the documented differences
of ``canonicalize_url`` and the ``w3lib_compatible`` switch that removes them."""

from __future__ import annotations

import importlib

import pytest

from turbohtml.compat import w3lib as package
from turbohtml.compat.w3lib import url as ours
from turbohtml.compat.w3lib.url import ParseDataURIResult

CASES = [
    # safe_url_string: non-ASCII and spaces percent-encoded as UTF-8 (w3lib's own test)
    (ours.safe_url_string, ("\u8349\u8599 \u7d20\u5b50",), {}, "%E8%8D%89%E8%96%99%20%E7%B4%A0%E5%AD%90"),
    (ours.safe_url_string, ("http://www.example.com/r\u00e9sum\u00e9?q=r\u00e9sum\u00e9",), {},
     "http://www.example.com/r%C3%A9sum%C3%A9?q=r%C3%A9sum%C3%A9"),
    # the query in the page's encoding, the path always UTF-8
    (ours.safe_url_string, ("http://www.example.com/\u00a3?unit=\u00b5",), {"encoding": "latin-1"},
     "http://www.example.com/%C2%A3?unit=%B5"),
    # an IDN host as punycode, lowercased
    (ours.safe_url_string, ("http://www.F\u00e4rgbolaget.nu/f\u00e4rgbolaget",), {},
     "http://www.xn--frgbolaget-q5a.nu/f%C3%A4rgbolaget"),
    # w3lib's extra quoting in the path, "%" kept
    (ours.safe_url_string, ('https://example.com/"%<>[]^`{|}\x7f',), {},
     "https://example.com/%22%%3C%3E%5B%5D%5E%60%7B%7C%7D%7F"),
    (ours.safe_download_url, ("http://www.example.org/../",), {}, "http://www.example.org/"),
    (ours.safe_download_url, ("http://www.example.org/dir/../a#frag",), {}, "http://www.example.org/a"),
    (ours.is_url, ("http://example.com",), {}, True),
    (ours.is_url, ("example.com",), {}, False),
    (ours.url_query_parameter, ("product.html?id=200&foo=bar", "id"), {}, "200"),
    (ours.url_query_parameter, ("product.html?id=200&foo=bar", "notthere", "mydefault"), {}, "mydefault"),
    (ours.url_query_parameter, ("product.html?id=", "id"), {}, None),
    (ours.url_query_parameter, ("product.html?id=", "id"), {"keep_blank_values": 1}, ""),
    # url_query_cleaner keeps page order, first occurrence only with unique=True
    (ours.url_query_cleaner, ("product.html?id=200&foo=bar&name=wired", ["name", "id"]), {},
     "product.html?id=200&name=wired"),
    (ours.url_query_cleaner, ("product.html?id=2&foo=bar&name=wired", ["id", "foo"]), {"remove": True},
     "product.html?name=wired"),
    (ours.url_query_cleaner, ("product.html?d=1&e=b&d=2&d=3&other=other", ["d"]), {}, "product.html?d=1"),
    (ours.url_query_cleaner, ("product.html?d=1&e=b&d=2&d=3&other=other", ["d"]), {"unique": False},
     "product.html?d=1&d=2&d=3"),
    (ours.url_query_cleaner, ("http://domain.tld/?bla=123#123123", ["bla"]), {"remove": True, "keep_fragments": True},
     "http://domain.tld/#123123"),
    (ours.url_query_cleaner, ("http://example.com/?a=1;b=2;a=3", ["a"]), {"sep": ";"}, "http://example.com/?a=1"),
    (ours.add_or_replace_parameter, ("http://www.example.com/index.php", "arg", "v"), {},
     "http://www.example.com/index.php?arg=v"),
    (ours.add_or_replace_parameter, ("http://www.example.com/index.php?arg1=v1&arg2=v2&arg3=v3", "arg3", "v3new"), {},
     "http://www.example.com/index.php?arg1=v1&arg2=v2&arg3=v3new"),
    (ours.add_or_replace_parameter, ("http://www.example.com/index.php?arg1=v1;arg2=v2", "arg3", "v3"),
     {"separator": ";"}, "http://www.example.com/index.php?arg1=v1;arg2=v2;arg3=v3"),
    (ours.add_or_replace_parameters, ("http://www.example.com/index.php?arg1=v1&arg2=v2&arg3=v3",
                                      {"arg4": "v4", "arg3": "v3new"}), {},
     "http://www.example.com/index.php?arg1=v1&arg2=v2&arg3=v3new&arg4=v4"),
    (ours.add_http_if_no_scheme, ("www.example.com",), {}, "http://www.example.com"),
    (ours.add_http_if_no_scheme, ("//www.example.com",), {}, "http://www.example.com"),
    (ours.add_http_if_no_scheme, ("https://www.example.com",), {}, "https://www.example.com"),
    (ours.path_to_file_uri, ("/tmp/a b",), {}, "file:///tmp/a%20b"),
    (ours.file_uri_to_path, ("file:///tmp/a%20b",), {}, "/tmp/a b"),
    (ours.any_to_uri, ("/tmp/x",), {}, "file:///tmp/x"),
    (ours.any_to_uri, ("http://example.com/x",), {}, "http://example.com/x"),
    (ours.parse_data_uri, ("data:,A%20brief%20note",), {},
     ParseDataURIResult("text/plain", {"charset": "US-ASCII"}, b"A brief note")),
    (ours.parse_data_uri, ("data:text/plain;charset=iso-8859-7;base64,vu7q5OXy",), {},
     ParseDataURIResult("text/plain", {"charset": "iso-8859-7"}, b"\xbe\xee\xea\xe4\xe5\xf2")),
    # canonicalize_url: w3lib's docstring examples
    (ours.canonicalize_url, ("http://www.example.com/do?c=3;a=50",), {"query_separator": ";"},
     "http://www.example.com/do?a=50;c=3"),
    (ours.canonicalize_url, ("http://www.example.com/r\u00e9sum\u00e9",), {}, "http://www.example.com/r%C3%A9sum%C3%A9"),
    (ours.canonicalize_url, ("http://[::0:1]/a/../b",), {"w3lib_compatible": True}, "http://[::1]/b"),
    (ours.canonicalize_url, ("http://example.com/?q=\u00e9",), {"encoding": "latin-1"}, "http://example.com/?q=%E9"),
    (ours.canonicalize_url, ("HTTP://www.Example.com:80/do?c=1&b=2&a=3#frag",), {},
     "http://www.example.com/do?a=3&b=2&c=1"),
    (ours.canonicalize_url, ("http://www.example.com/do?a=1#frag",), {"keep_fragments": True},
     "http://www.example.com/do?a=1#frag"),
    (ours.canonicalize_url, ("http://www.example.com/do?b=&a=2",), {"keep_blank_values": False},
     "http://www.example.com/do?a=2"),
    # w3lib_compatible=True: "+" for a space, "c=" kept, whole pairs sorted, trackers kept
    (ours.canonicalize_url, ("http://www.example.com/do?q=a space&c=&utm_source=x&a=1&a=0",),
     {"w3lib_compatible": True},
     "http://www.example.com/do?a=0&a=1&c=&q=a+space&utm_source=x"),
]


@pytest.mark.parametrize(("function", "args", "kwargs", "expected"), CASES)
def test_values_as_w3lib(function, args, kwargs, expected):
    assert function(*args, **kwargs) == expected


def test_trackers_dropped_by_default():
    # the deliberate difference: w3lib keeps utm_source (docs/migration/w3lib.md)
    assert ours.canonicalize_url("https://example.org/?utm_source=x&id=1") == "https://example.org/?id=1"
    assert ours.canonicalize_url("https://example.org/?utm_source=x&id=1", w3lib_compatible=True) == \
        "https://example.org/?id=1&utm_source=x"


@pytest.mark.parametrize(("function", "args", "error"), [
    (ours.safe_url_string, ("https://example.com:bad_port",), ValueError),
    (ours.safe_url_string, ("https://example.com:66000",), ValueError),
    (ours.safe_url_string, ("scheme://prefix.[::1]/",), ValueError),
    (ours.parse_data_uri, ("http://example.com/",), ValueError),
    (ours.parse_data_uri, ("data:text/plain;base65,AAAA",), ValueError),
    (ours.canonicalize_url, (42,), TypeError),
])
def test_errors_as_w3lib(function, args, error):
    with pytest.raises(error):
        function(*args)


def test_module_paths_and_version():
    # "from w3lib.url import ..." call sites: the module, the package re-exports, the version
    assert importlib.import_module("turbohtml.compat.w3lib.url") is ours
    assert package.canonicalize_url is ours.canonicalize_url
    assert ours.__version__ == package.__version__ == "2.5.0"
    assert set(ours.__all__) >= {"safe_url_string", "canonicalize_url", "url_query_cleaner", "parse_data_uri",
                                 "add_http_if_no_scheme", "file_uri_to_path", "path_to_file_uri"}
