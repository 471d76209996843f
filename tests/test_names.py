"""The C scans of metadata()'s texts (turbohtml._names) read str as re and str do:
each is checked against the expression it replaces, on texts that reach the corners
(other scripts' digits and letters, the letters re's IGNORECASE takes for ASCII ones,
str.split()'s spaces), and on random texts drawn from those pieces."""

from __future__ import annotations

import random
import re

import pytest

import turbohtml
from turbohtml._harvest import longer_than
from turbohtml._names import (
    AsciiWords,
    digit_count,
    digit_run,
    first_digit,
    fold,
    free_digit,
    has_ascii_word,
    has_date_hint,
    has_letter,
    has_numeric_date,
    joins_digits,
    last_digit,
    opens_with,
    word_chars,
    words,
)

PIECES = ["Jane", "doe", " ", "  ", "\t", "\n", "\xa0", "\u2003", "\x1c", "\u200b", "_", "-", ".", "/", "|", ",",
          "0", "7", "19", "20", "2024", "03", "\u0663", "\uff11", "é", "ß", "\u0130", "\u0131", "\u017f", "\u212a",
          "\u0345", "中文", "\U0001d7ce", "\U0001f600", "And", "ET", "och", "on", "Last", "la\u017ft"]


def texts(count: int = 3000, seed: int = 7) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choice(PIECES) for _ in range(rng.randrange(0, 9))) for _ in range(count)]


def position(match: re.Match[str] | None) -> int:
    return -1 if match is None else match.start()


def test_scans_read_str_as_re_does() -> None:
    word_run, digit, free, hint, numeric, last = (re.compile(p) for p in (
        r"\w+", r"\d", r"(?<!\w)\d", r"(?:19|20)\d\d|\d\d?[./-]\d\d?[./-]\d\d", r"\b\d\d?[./-]\d\d?[./-]\d\d",
        r"\d\D*\Z"))
    joined = re.compile(r"[0-9] ?[-/.|] ?[0-9]")
    for text in [*texts(), "Updated 09.10.2024", "By Jane 2024", "paulb203", "3/12/24", "1999", "12-1-24x",
                 "26 | 01 | 2022", "3 /x", "1 - 2"]:
        assert words(text) == tuple(word_run.findall(text)), text
        assert word_chars(text) == "".join(word_run.findall(text)), text
        assert first_digit(text) == position(digit.search(text)), text
        assert last_digit(text) == position(last.search(text)), text
        assert digit_count(text) == sum(map(str.isdigit, text)), text
        assert joins_digits(text) == bool(joined.search(text)), text
        assert free_digit(text) == position(free.search(text)), text
        assert has_date_hint(text) == bool(hint.search(text)), text
        assert has_numeric_date(text) == bool(numeric.search(text)), text
        assert has_letter(text) == any(ch.isalpha() for ch in text), text
        assert digit_run(text) == max(map(len, re.findall("[0-9]+", text)), default=0), text


def test_every_character_is_a_word_letter_digit_or_space_as_str_says() -> None:
    for code in range(0x110000):
        if 0xD800 <= code <= 0xDFFF:
            continue
        ch = chr(code)
        assert (words(f"a{ch}b") == (f"a{ch}b",)) == (ch.isalnum() or ch == "_"), hex(code)
        assert (first_digit(ch) == 0) == ch.isdecimal(), hex(code)
        assert has_letter(ch) == ch.isalpha(), hex(code)
        assert digit_count(f"a{ch}1") == 1 + ch.isdigit(), hex(code)
        assert fold(f"a{ch}b") == " ".join(f"a{ch}b".split()), hex(code)


def test_fold_is_split_and_join() -> None:
    for text in texts():
        folded = fold(text)
        assert folded == " ".join(text.split()) and type(folded) is str, repr(text)
    assert fold(None) == "" and fold(3) == "" and fold(b"a  b") == ""
    already = "Jane Doe"
    assert fold(already) is already  # nothing to fold: no new string


def test_ascii_words_as_a_case_insensitive_whole_word_pattern() -> None:
    joining = ("and", "und", "et", "y", "e", "en", "och")
    pattern = re.compile(rf"\b(?:{'|'.join(joining)})\b", re.IGNORECASE)
    wanted = AsciiWords(joining)
    for text in [*texts(seed=11), "Jane AND John", "Anders", "E", "\u0130", "Tom & Jerry"]:
        # a match needs one of the words; a word may stand where the pattern, with \s around it, would not
        if pattern.search(text):
            assert has_ascii_word(text, wanted), text
    assert has_ascii_word("Posted LA\u017fT week", AsciiWords(("last",)))  # "ſ" is an "s" to re
    assert not has_ascii_word("Anderson", wanted)
    with pytest.raises(ValueError):
        AsciiWords(("Upper",))


def test_opens_with_as_a_case_insensitive_pattern_at_the_start() -> None:
    prefixes = ("by", "von", "written", "story")
    pattern = re.compile(f"(?i:{'|'.join(prefixes)})")
    wanted = AsciiWords(prefixes)
    for text in [*texts(seed=13), "BY Jane", "\u017ftory", "Vonnegut", "b", "\u212ay"]:
        assert opens_with(text, wanted) == bool(pattern.match(text)), text


def test_longer_than_is_only_said_of_a_longer_text() -> None:
    doc = turbohtml.parse("<div id=a>" + "<p>word \u4e2d</p>" * 600 + "</div><p id=b>By <b>Jane</b> Doe</p>")
    long_block, short = doc.select_one("#a"), doc.select_one("#b")
    assert longer_than(long_block, 800) and not longer_than(short, 800)
    for node in (long_block, short, *doc.select("p")[:3]):
        length = len(node.text)
        for limit in (0, 1, 2, 3, length // 4, length // 3, length - 1, length, 800):
            if longer_than(node, limit):
                assert length > limit, (node.text[:20], limit)
    assert longer_than(short, 2)  # 11 bytes: more than 4 x 2, so more than 2 characters


def test_spot_text_is_the_guarded_text_or_its_nodes_apart() -> None:
    from turbohtml._harvest import joined_text, spot_text

    doc = turbohtml.parse(
        "<p id=one><a>Jane <b>Doe</b></a></p><div id=two><span>Written by</span><a>Jane</a> Doe</div>"
        "<span id=bare>By Jane \u4e2d</span><div id=empty></div><p id=long>" + "\u4e2d" * 300 + "x</p>"
        "<div id=big>" + "<i>word</i>" * 400 + "</div>")
    one, two, bare, empty, long_, big = (doc.select_one(f"#{name}") for name in
                                         ("one", "two", "bare", "empty", "long", "big"))
    # more than one child: the text nodes apart; one child or none: textContent as written
    assert spot_text(two, 800) == "Written by Jane  Doe" == joined_text(two)
    assert spot_text(one, 800) == "Jane Doe" and len(one) == 1
    assert spot_text(bare, 800) == "By Jane \u4e2d" and spot_text(empty, 800) == ""
    # longer than the limit in characters (301 here), or in bytes past four times it: nothing
    assert spot_text(long_, 300) == "" and spot_text(long_, 301) == long_.text
    assert spot_text(big, 100) == "" and spot_text(big, 1600) == joined_text(big)


def _pattern_reading(pattern: re.Pattern[str], text: str, start: int) -> tuple[int, int, int, int] | None:
    """What dates._written read from the written-date pattern's first match: its end, year, month's number, day."""
    from turbohtml.extract import _date_patterns as patterns

    match = pattern.search(text, start)
    if match is None:
        return None
    form = next(form for form in "123" if match[f"m{form}"] is not None)
    return match.end(), int(match[f"y{form}"]), patterns.MONTHS[match[f"m{form}"]], int(match[f"d{form}"])


def _written_texts(count: int, seed: int) -> list[str]:
    """Texts around the written-date pattern's three forms, their parts dropped, cut, doubled
    and mixed with the characters its classes tell apart (spaces, digits, letters of other scripts)."""
    from turbohtml.extract import _date_patterns as patterns

    rng = random.Random(seed)
    months = list(patterns.MONTHS)

    def some(*options: str) -> str:
        return rng.choice(options) if rng.random() < 0.5 else ""

    def space() -> str:
        return rng.choice([" ", "  ", "\xa0", "\t", "", " \u2003"])

    def day() -> str:
        return rng.choice(["1", "3", "05", "12", "19", "23", "30", "31", "32", "0", "00", "7", "29"])

    def year() -> str:
        return rng.choice(["2019", "1999", "2024", "1899", "20190", "219", "2000", "3000", "2999"])

    def month() -> str:
        name = rng.choice(months)
        roll = rng.random()
        if roll < 0.1:
            return name[:rng.randrange(1, len(name) + 1)]
        return name + rng.choice(["a", "x", "\xe9", "1", "_"]) if roll < 0.15 else name

    def form() -> str:
        kind = rng.randrange(3)
        if kind == 0:
            parts = [month(), some("."), space(), day(), some("st", "nd", "rd", "th"), some("."), some(","), space(),
                     year()]
        elif kind == 1:
            parts = [day(), some("st", "nd", "rd", "th", "er", "e", "\xba", "\xb0", "."), space(),
                     some("of ", "de ", "di ", "-", "of", "de", "del "), month(), some("."), some(","), space(),
                     some("de ", "del ", "-", "del", "de"), year()]
        else:
            parts = [year(), space(), month(), some("."), space(), day()]
        for _ in range(rng.randrange(0, 3)):
            parts.insert(rng.randrange(len(parts) + 1), rng.choice(
                ["x", "1", " ", ".", ",", "-", "\xe9", "\u0131", "by ", "\u0663", "\xb2", month(), day(), year()]))
        return "".join(parts)

    fillers = ["by jane ", " | ", "updated ", "x", "", "12:30 ", "\xb2", "a", "_"]
    return ["".join(rng.choice([form(), form(), rng.choice(fillers)]) for _ in range(rng.randrange(1, 4)))
            for _ in range(count)]


def test_written_date_reads_as_the_written_date_pattern() -> None:
    from turbohtml._names import MonthNames, written_date
    from turbohtml.extract import _date_patterns as patterns

    pattern, months = patterns.written_date(), MonthNames(patterns.MONTHS)
    real = ["by regan september 15, 2014", "11 октября 2018", "5 de mayo de 2019", "12th of december 2018",
            "3. januar 2019", "2023 jan 7", "1:33 am cst, wednesday, november 20, 2019",
            "updated: nov 20 2019, 15:24pm",
            "1er janvier 2020", "1ene 2020", "1stycznia 2020", "marzo 32, 2019 or marzo 3, 2019", "02 ago 2017",
            "feb 30, 2019 and mar 1, 2019", "sept. 5th 2019", "tue nov 19 2019 05:44:06 gmt+0000", "x5 may 2019"]
    rng = random.Random(5)
    matched = 0
    for text in [*real, *_written_texts(20000, 3), *texts(seed=17)]:
        for start in (0, rng.randrange(len(text) + 1)):
            expected = _pattern_reading(pattern, text, start)
            assert written_date(text, start, months) == expected, (text, start)
            matched += expected is not None
    assert matched > 1500  # the forms are read, not only texts without a date
    with pytest.raises(ValueError):
        MonthNames({"May": 5})


def test_a_folded_text_without_its_trailing_non_digits_as_the_pattern_cuts_it() -> None:
    from turbohtml.extract._date_patterns import TRAILING_NON_DIGITS

    for text in [*texts(seed=19), "Posted 3 May 2024 by Jane", "no digits", "2024\n", "\u0663 x"]:
        folded = fold(text)
        assert folded[:last_digit(folded) + 1] == TRAILING_NON_DIGITS.sub("", folded), repr(text)


def test_resolve_references_is_html_unescape() -> None:
    """The walk's and the JSON-LD values' references: html.unescape() itself wherever a
    reference changes the text, the text as it is elsewhere, and the same result always."""
    import html

    from turbohtml._harvest import resolve_references

    pieces = ["&", "&&", "#", "#x", "#X", "x", "1", "9", "f", "g", ";", " ", "\t", "\r", "\n", "\x0c", "<", "amp",
              "amp;", "AMP", "quot", "lt", "copy", "frac34", "AElig", "nbsp;", "strip=all", "w=1200", "Style", "q", "u",
              "o",
              "\xe9", "\u0663", "a" * 33, "notin;", "not"]
    rng = random.Random(29)
    samples = ["".join(rng.choice(pieces) for _ in range(rng.randrange(0, 8))) for _ in range(20000)]
    samples += ["Bike & Style", "a.jpg?w=1200&strip=all", "water, &quot, surface", "&#39;", "&#x27;", "&#", "&#x",
                "&#xg", "&", "AT&T", "&notit;", "&" + "a" * 40 + ";"]
    for text in samples:
        resolved, expected = resolve_references(text), html.unescape(text)
        assert resolved == expected, repr(text)
        assert (resolved is text) == (expected == text), repr(text)  # unescape() called only where it changes the text
