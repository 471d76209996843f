"""boilerplate(), Paragraph and Extraction: the per-paragraph contract of the spec."""

from __future__ import annotations

import dataclasses
import json

import pytest

from turbohtml import parse
from turbohtml.extract import Extraction, Paragraph, boilerplate

from conftest import REPO

PROSE = "A paragraph of real prose, with a clause, and another clause to make it long."
PAGE = (
    "<nav><a href=/a>Home</a> <a href=/b>World</a></nav>"
    "<div class=story>"
    "<h2>Head</h2>"
    f"<p>{PROSE}</p>"
    "<p>Short one.</p>"
    "<p>   </p>"
    f"<p>{PROSE} {PROSE}</p>"
    "<p><a href=/x>A link that fills most of this paragraph</a> ok.</p>"
    "</div>"
    "<footer><p>Copyright notice and the small print of the site.</p></footer>"
)


def test_units_in_document_order_with_their_classification() -> None:
    got = [(p.text, p.is_boilerplate, p.is_heading) for p in boilerplate(PAGE)]
    assert got == [
        ("Home World", True, False),  # navigation: outside the content body
        ("Head", False, True),  # a heading inside the body is kept whatever its length
        (PROSE, False, False),
        ("Short one.", True, False),  # under min_length=25
        (f"{PROSE} {PROSE}", False, False),
        ("A link that fills most of this paragraph ok.", True, False),  # link density > 0.5
        ("Copyright notice and the small print of the site.", True, False),
    ]
    assert all(isinstance(p, Paragraph) for p in boilerplate(PAGE))


def test_thresholds_come_from_the_options() -> None:
    loose = Extraction(min_length=5, max_link_density=1.0)
    got = {p.text: p.is_boilerplate for p in boilerplate(PAGE, loose)}
    assert got["Short one."] is False
    assert got["A link that fills most of this paragraph ok."] is False
    assert got["Home World"] is True  # outside the body: boilerplate whatever the thresholds
    strict = Extraction(min_length=500, keep_headings=False)
    got = {p.text: p.is_boilerplate for p in boilerplate(PAGE, strict)}
    assert got["Head"] is True and got[PROSE] is True


def test_justext_preset() -> None:
    preset = Extraction.justext()
    assert (preset.min_length, preset.max_link_density, preset.keep_headings) == (70, 0.2, True)
    got = {p.text: p.is_boilerplate for p in boilerplate(PAGE, preset)}
    assert got[PROSE] is False and got["Short one."] is True


def test_no_content_body_makes_everything_boilerplate() -> None:
    paragraphs = boilerplate("<p>Only a short line.</p><ul><li><a href=/x>Link</a></li></ul>")
    assert [p.text for p in paragraphs] == ["Only a short line.", "Link"]
    assert all(p.is_boilerplate for p in paragraphs)
    assert boilerplate("") == []


def test_document_method_matches_the_function() -> None:
    markup = (REPO / "examples" / "page.html").read_text(encoding="utf8")
    assert parse(markup).boilerplate() == boilerplate(markup)
    content = " ".join(p.text for p in boilerplate(markup) if not p.is_boilerplate)
    assert content.startswith("For the first time in ten years")
    assert "Most read" not in content


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"min_length": -1}, ValueError),
        ({"max_link_density": 1.5}, ValueError),
        ({"max_link_density": -0.1}, ValueError),
        ({"min_length": 2.5}, TypeError),
        ({"keep_headings": "yes"}, TypeError),
    ],
)
def test_extraction_validates(kwargs: dict, error: type) -> None:
    with pytest.raises(error):
        Extraction(**kwargs)


def test_records_are_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        Extraction().min_length = 3
    with pytest.raises(AttributeError):
        boilerplate(PAGE)[0].text = "x"


def test_paragraphs_are_named_tuples() -> None:
    # issue #26: the documented library's users unpack, index and serialise them
    page = ("<html><body><nav><a href='/'>Home</a></nav><h1>Title of it</h1><p>" + "Body text, with commas. " * 8
            + "</p></body></html>")
    paragraphs = boilerplate(page)
    for text, is_boilerplate, is_heading in paragraphs:
        assert isinstance(text, str) and isinstance(is_boilerplate, bool) and isinstance(is_heading, bool)
    assert [(p[0], p[1], p[2]) for p in paragraphs] == [
        ("Home", True, False),
        ("Title of it", False, True),
        (("Body text, with commas. " * 8).strip(), False, False),
    ]
    assert json.loads(json.dumps(paragraphs))[1] == ["Title of it", False, True]
    assert paragraphs[1]._asdict() == {"text": "Title of it", "is_boilerplate": False, "is_heading": True}
    assert paragraphs[1]._replace(is_boilerplate=True) == Paragraph("Title of it", True, True)
    assert repr(paragraphs[1]) == "Paragraph(text='Title of it', is_boilerplate=False, is_heading=True)"


def test_bytes_are_decoded_as_parse_does() -> None:
    # issue #26: bytes were a TypeError; windows-1252 bytes declared by a meta charset
    page = '<meta charset="windows-1252"><h1>Caf\xe9 menu</h1><p>' + "Fresh coffee, every day. " * 6 + "</p>"
    raw = page.encode("latin-1")
    assert boilerplate(raw) == boilerplate(page.replace("\xe9", "é"))
    assert boilerplate(raw)[0].text == "Café menu"


def test_bad_input() -> None:
    with pytest.raises(TypeError, match="str or bytes, not int"):
        boilerplate(42)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="Extraction"):
        boilerplate(PAGE, {"min_length": 3})
