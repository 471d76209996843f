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
