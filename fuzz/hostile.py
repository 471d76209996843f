"""Hostile HTML and URL shapes, as generators of a chosen size.

Each generator takes a size ``n`` and returns markup (or a URL). The fuzz harnesses
draw them to mutate real pages; ``tests/test_reliability.py`` runs each at a fixed
size. No atheris import here.
"""

from __future__ import annotations

import json

INLINE = ("span", "b", "i", "em", "strong", "a", "code", "small", "font", "abbr", "label", "u", "s", "q", "sub")
#: Inline elements that nest (an <a> start tag closes an open <a>, so <a> cannot).
NESTABLE_INLINE = tuple(tag for tag in INLINE if tag != "a")
BLOCKISH = ("div", "section", "p", "article", "li", "td", "table", "ul", "blockquote", "form")
TEXT = "Words, more words, and a sentence long enough to score as a paragraph of prose. "


def deep_inline(n: int, tag: str = "span") -> str:
    """``n`` nested ``<tag>`` (linear in lexbor for inline elements)."""
    return f"<{tag} class=c>" * n + TEXT + f"</{tag}>" * n


def deep_mixed_inline(n: int) -> str:
    """``n`` nested inline elements of mixed kinds, with text between some.

    Only the ``<span>``s carry distinct attributes (``formatting_distinct`` has unclosed
    *formatting* elements with distinct attributes)."""
    opened = []
    parts = []
    for i in range(n):
        tag = NESTABLE_INLINE[i % len(NESTABLE_INLINE)] if i % 7 else "span"
        opened.append(tag)
        parts.append(f"<{tag}>" if i % 7 else f"<span id=x{i}>t, ")
    parts.append(TEXT)
    parts.extend(f"</{tag}>" for tag in reversed(opened))
    return "".join(parts)


def deep_block(n: int, tag: str = "div") -> str:
    """``n`` nested block elements: quadratic in lexbor's tree builder, keep ``n`` small."""
    return f"<{tag}>" * n + TEXT + f"</{tag}>" * n


def formatting_distinct(n: int) -> str:
    """``n`` unclosed formatting elements with distinct attributes: the HTML standard's
    Noah's Ark clause compares each new one with every entry of the active formatting
    list, and none ever match (quadratic in unpatched lexbor; the list's cap in
    ``vendor/lexbor/patches/0005`` bounds it)."""
    return "".join(f"<b id=x{i}>" for i in range(n)) + TEXT


def tag_soup(n: int) -> str:
    """Unclosed, misnested and stray tags (adoption agency, foster parenting, ...)."""
    pieces = (
        "<b><i>x</b>y</i>", "<p><div>z</p></div>", "<table>t<tr>r<td>c</table>", "</br>", "<a><a>x</a>",
        "<select><option><p>o</select>", "<svg><foreignObject><p>f</svg>", "<math><mi><table>",
        "<frameset><frame></frameset>", "<template><td>x</template>", "<nobr><nobr>n", "<li><dd><dt>",
        "<h1><h2>h</h1></h2>", "<form><form>", "<!DOCTYPE x PUBLIC", "<?php ?>", "</>", "<>", "<a<b>",
        "<p =x>", "<p a=\"unterminated>", "<![CDATA[x]]>", "<plaintext>", "</plaintext>", "<image src>",
        "<isindex>", "<textarea>", "</textarea>", "<xmp>", "<noscript><p>", "<iframe>i</iframe>", "&#0;",
        "&#x110000;", "&#xD800;", "&amp", "&notin", "&#99999999999999999999;", "<body onload=x>", "<html a=b>",
    )
    return "".join(pieces[(i * 7 + i // len(pieces)) % len(pieces)] for i in range(n))


def huge_attribute(n: int) -> str:
    """One attribute value of ``n`` characters, and many attributes on one element."""
    attrs = " ".join(f"a{i}=v{i}" for i in range(min(n, 5000)))
    return f'<div title="{"x" * n}" {attrs} class="{"content " * (n // 8)}">{TEXT}</div>'


def nul_and_surrogates(n: int) -> str:
    """NULs, lone surrogates, noncharacters and C1 controls in text, names and values."""
    bits = ("\x00", "\ud800", "\udfff", "\ufffe", "\uffff", "\x85", "\x0c", "\r\n", "\U0010ffff", "\u202e")
    body = "".join(bits[i % len(bits)] + "w" for i in range(n))
    return (f'<p class="\x00{bits[1]}" id="{body[:200]}">{body}</p><{bits[1]}x>t</{bits[1]}x>'
            f'<a href="http://\ud800.example/\x00">l</a><meta property="og:title" content="{body[:100]}">')


def giant_comment(n: int) -> str:
    return "<!--" + "-" * 3 + "c" * n + "--!>" + "<!--" + "x" * n + "<p>" + TEXT


def giant_script(n: int) -> str:
    return ("<script>var s='" + "</scr" * (n // 10) + "'; " + "x" * n + "</script><style>" + "a{}" * (n // 3)
            + "</style><p>" + TEXT + "</p>")


def pathological_classes(n: int) -> str:
    """class/id values that look like every boilerplate and content hint at once."""
    words = ("comment", "content", "article", "sidebar", "footer", "main", "share", "post", "nav", "body")
    cls = " ".join(words[i % len(words)] + ("-" * (i % 3)) + str(i) for i in range(n))
    ident = "commentcontent" * max(1, n // 14)
    return "".join(f'<div class="{cls}" id="{ident}"><p class="{cls[:100]}">{TEXT}</p></div>' for _ in range(4))


def malformed_json_ld(n: int) -> str:
    """JSON-LD blocks: truncated, trailing commas, JS comments, NaN, deep nesting, huge numbers."""
    deep = "[" * n + "]" * n
    deep_obj = '{"a":' * n + "1" + "}" * n
    blocks = (
        '{"@type": "Article", "datePublished": "2020-01-01",}',
        '{"@type": "Article" /* c */, "headline": "x"}',
        '{"a": NaN, "b": Infinity, "c": -Infinity}',
        '{"@graph": [' + ",".join('{"@type":"Thing","name":"' + str(i) + '"}' for i in range(min(n, 2000))) + "]}",
        deep,
        deep_obj,
        '{"n": ' + "9" * min(n, 5000) + "}",
        '{"s": "\\ud800", "t": "\\u0000"}',
        '<!-- {"@type": "Article"} -->',
        '{"unterminated": "',
        json.dumps({"@type": "NewsArticle", "datePublished": "2021-02-30T25:61:00Z", "author": [{"name": None}]}),
        "",
    )
    return "".join(f'<script type="application/ld+json">{block}</script>' for block in blocks)


def itemref_cycles(n: int) -> str:
    """Microdata items whose itemrefs form cycles, self-references and a long chain.

    The chain sits outside the item that references it: were its links also that
    item's children, each would be a property twice over (as a child, and through the
    chain), and the output, hence the time, would be quadratic by the standard itself."""
    chain = "".join(f'<div id="r{i}" itemprop="p{i}" itemscope itemref="r{i + 1}"></div>' for i in range(n))
    return (
        '<div itemscope itemtype="http://schema.org/Thing" itemref="a b"><span itemprop="x">1</span></div>'
        '<div id="a" itemprop="a" itemscope itemref="b"></div><div id="b" itemprop="b" itemscope itemref="a"></div>'
        '<div id="self" itemscope itemref="self" itemprop="me"></div>'
        f'<div itemscope itemref="r0"></div>{chain}'
        + '<div itemscope><div itemprop="n" itemscope>' * min(n, 2000) + "</div>" * 2 * min(n, 2000)
    )


def parser_walks(n: int) -> str:
    """Tags whose tree-builder walks are quadratic in unpatched lexbor (the caps of
    vendor/lexbor/patches/0005 bound each walk): resets of the insertion mode under deep elements, table
    scope in a cell, a <select> below deep elements, SVG end tags, attributes and tag names
    by the thousand, text that arrives in pieces, options foster-parented out of tables
    (selected or not), and the adoption agency moving deep subtrees (with an <option>)."""
    return ("<span>" * n + "<table></table>" * n + "<table><tr><td>" + "<i>" * n + "</thead>" * n + "</table>"
            + "<select>" + "<b>" * 10 + "<hr>" * n + "</select>" + "<svg>" + "<g>" * n + "</x>" * n + "</svg>"
            + "".join(f"<html a{i}>" for i in range(n)) + "<p " + " ".join(f"b{i}" for i in range(n)) + ">"
            + "".join(f"<x{i}>" for i in range(n)) + "<table>" + "x<!---->" * n + "</table>"
            + "<select><option>a" + "<option>y<table><option>x</table>" * n + "</select>"
            + "<select><option>a" + "<option>y<table><option selected>x</table>" * n + "</select>"
            + "<b>" + "<div>" * n + "</b>" * n
            + "<select><b>" + "<div>" * n + "<option>x" + "</b><option>y" * n + "</select>" + TEXT)


def many_params_url(n: int) -> str:
    query = "&".join(f"p{i}=v{i}" if i % 5 else f"utm_source{i % 3}=x&fbclid=y{i}" for i in range(n))
    return f"http://example.com/a/./b/../c?{query}#{query[:5000]}"


BROKEN_URLS = (
    "http://[::1", "http://[::1]]/", "http://[1:2:3:4:5:6:7:8:9]/", "http://[::ffff:1.2.3.4.5]/", "http://[:::1]/",
    "http://[g::1]/", "http://[1::2::3]/", "https://[2001:db8::1]:99999/", "http://[::1%25eth0]/", "http://[]/",
    "http://1.2.3.4.5/", "http://0x7f.1/", "http://999999999999/", "http://%zz/", "http://\ud800/", "http://a\x00b/",
    "//[::1", "[::1]", "http:", "http://", "://", "#?&", "?a=1&&&b", "http://user:pa:ss@@host/", "javascript:alert(1)",
    "http://xn--/", "http://xn--a.com/", "http://.../", "http://a..b/", "http://\u3002/", "http://ß.de/",
    "http://例え.テスト/パス?クエリ#フラグ", "http://a.com/%", "http://a.com/%%%", "http://a.com/\\..\\..\\x",
    " \t\nhttp://a.com/ \x7f", "<![CDATA[http://a.com/x]]>", "http://a.com/x&amp;amp;y=1", 'http://a.com/"x',
)


def pages_for_tests() -> dict[str, str]:
    """Each hostile page shape at the size ``tests/test_reliability.py`` uses."""
    return {
        "tag_soup": tag_soup(20000),
        "deep_span_100k": deep_inline(100_000),
        "deep_mixed_inline_100k": deep_mixed_inline(100_000),
        "deep_a_20k": deep_inline(20_000, "a"),
        "deep_div_2k": deep_block(2000),
        "formatting_distinct_100k": formatting_distinct(100_000),
        "deep_li_1k": deep_block(1000, "li"),
        "deep_table_2k": deep_block(2000, "table"),
        "huge_attribute_2m": huge_attribute(2_000_000),
        "nul_and_surrogates": nul_and_surrogates(20000),
        "giant_comment_5m": giant_comment(5_000_000),
        "giant_script_5m": giant_script(5_000_000),
        "pathological_classes": pathological_classes(3000),
        "malformed_json_ld": malformed_json_ld(5000),
        "itemref_cycles": itemref_cycles(3000),
        "parser_walks_20k": parser_walks(20_000),
    }
