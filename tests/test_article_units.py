"""article()'s text is built from C units (_text.article_text, _units.kept_units); the
renderers read the same units as Python objects (paragraph_units, article_units, layout).
Both roads must give one text, on real pages of every kind."""

from __future__ import annotations

import pytest

from turbohtml import parse
from turbohtml._score import scored_article
from turbohtml._text import article_text, layout
from turbohtml._units import ParagraphUnit, article_units, paragraph_units

from conftest import article_benchmark, data_path, read_gzip_text, readability_pages


def _pages() -> list[str]:
    _truth, pages = article_benchmark()
    wcxb = sorted(data_path("wcxb-dev", "html").glob("*.html.gz"))
    paths = pages[::12] + wcxb[::40] + [folder / "source.html.gz" for folder in readability_pages()[::13]]
    return [read_gzip_text(path) for path in paths if path.exists()]


def test_the_c_units_give_the_python_units_text() -> None:
    compared = kinds = 0
    seen_modes = set()
    for raw in _pages():
        doc = parse(raw)
        winner, mode, _kind, _meta = scored_article(doc)
        if winner is None:
            continue
        units = paragraph_units(winner, winner, mode)
        kept = article_units(units, mode)
        assert all(isinstance(unit, ParagraphUnit) for unit in kept)
        assert len(kept) <= len(units)
        assert article_text(winner, mode) == layout(kept)
        assert doc.article().text == layout(kept)
        compared += 1
        seen_modes.add(mode)
    kinds = len(seen_modes)
    assert compared >= 40
    assert kinds >= 2  # an article's reading and at least one page read whole


def test_article_units_takes_plain_tuples_and_rejects_other_items() -> None:
    # (text, flags, chars, link_chars) without a block: the link list goes, the prose stays
    prose = ("A sentence of prose that a reader keeps in the article.", 0, 55, 0)
    links = ("Home News Sport", 0, 15, 15)
    assert article_units([prose, links], 0) == [prose]
    assert layout([prose]) == prose[0]
    with pytest.raises(TypeError):
        article_units(["not a unit"], 0)
    with pytest.raises(TypeError):
        layout([42])


def test_units_fold_whitespace_as_python_does_at_any_alignment() -> None:
    # the unit walk reads runs of ASCII words eight bytes at a time (_units._printable_run)
    # and runs of other scripts' bytes eight at a time too (_plain_leads): a fold must
    # not depend on where a double space, a tab, DEL, a comma, a letter or a Unicode space falls
    import random

    pieces = ["word", "a", "bc", " ", "  ", "\t", "\n ", ",", "$", "\x7f", "é", "ünï", "1234567", "x y",
              "中文", "😀", "\u2019", "\u00a0", "\u3000", "\u2009", "кириллица", "日本語のテキスト", "ελληνικά",
              "\u0627\u0644\u0639\u0631\u0628\u064a\u0629", "\u0e20\u0e32\u0e29\u0e32"]
    rng = random.Random(20)
    for _ in range(1500):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 30)))
        paragraph = parse(f"<p>{text}</p>").select_one("p")
        units = paragraph_units(paragraph, paragraph, 0)
        folded = " ".join(text.split())
        if not folded:
            assert units == []
            continue
        assert [unit[0] for unit in units] == [folded]
        assert units[0][2] == len(folded)


def test_hidden_elements_are_told_by_their_attributes_whatever_else_they_hold() -> None:
    # the walks call is_hidden only for an element with a style or an attribute outside
    # lexbor's static table (may_hide): with any mix of other attributes beside them, an
    # element is hidden exactly as the rules read them (docs/scoring.md)
    import random

    hiding = ['style="display: none"', 'style="visibility:hidden"', "hidden", "popover", 'role="dialog"',
              'role="alertdialog"', 'aria-hidden="true"']
    showing = ['class="post"', 'id="main"', 'href="/x"', 'title="t"', 'data-x="1"', 'style="color: red"',
               'role="main"', 'aria-hidden="false"', 'lang="en"', 'dir="ltr"', 'width="3"']
    rng = random.Random(5)
    cells, shown = [], []
    for n in range(400):
        attrs = rng.sample(showing, rng.randrange(4))
        hidden = rng.random() < 0.3
        if hidden:  # (beside no other attribute of its name: the parser keeps the first)
            hide = rng.choice(hiding)
            attrs = [attr for attr in attrs if attr.split("=")[0] != hide.split("=")[0]]
            attrs.insert(rng.randrange(len(attrs) + 1), hide)
        cells.append(f"<div {' '.join(attrs)}>word{n}</div>")
        if not hidden:
            shown.append(f"word{n}")
    page = parse("<body><main>" + "".join(cells) + "</main></body>").select_one("main")
    assert [unit[0] for unit in paragraph_units(page, page, 0)] == shown
