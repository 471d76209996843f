"""Frozen, validated option objects: one per extraction family, passed down whole.

Imports nothing from turbohtml but the scoring's numbers (``_tunables``, data only), so
every layer can depend on it.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Iterable
from dataclasses import dataclass, field

from turbohtml._tunables import MAX_LINK_DENSITY, MIN_PARAGRAPH

__all__ = ["DateExtraction", "Extraction", "UrlCleaning"]

#: htmldate's floor: no web page predates 1995.
EARLIEST_DATE = _dt.date(1995, 1, 1)


#: The 183 current ISO 639-1 codes (the withdrawn "bh" and the pre-1989 "iw", "in",
#: "ji" excluded): what ``UrlCleaning.language`` accepts and the URL language filter
#: recognises in a path segment, a ``lang`` parameter or an ``hreflang``.
ISO_639_1 = frozenset({
    "aa", "ab", "ae", "af", "ak", "am", "an", "ar", "as", "av", "ay", "az", "ba", "be",
    "bg", "bi", "bm", "bn", "bo", "br", "bs", "ca", "ce", "ch", "co", "cr", "cs", "cu",
    "cv", "cy", "da", "de", "dv", "dz", "ee", "el", "en", "eo", "es", "et", "eu", "fa",
    "ff", "fi", "fj", "fo", "fr", "fy", "ga", "gd", "gl", "gn", "gu", "gv", "ha", "he",
    "hi", "ho", "hr", "ht", "hu", "hy", "hz", "ia", "id", "ie", "ig", "ii", "ik", "io",
    "is", "it", "iu", "ja", "jv", "ka", "kg", "ki", "kj", "kk", "kl", "km", "kn", "ko",
    "kr", "ks", "ku", "kv", "kw", "ky", "la", "lb", "lg", "li", "ln", "lo", "lt", "lu",
    "lv", "mg", "mh", "mi", "mk", "ml", "mn", "mr", "ms", "mt", "my", "na", "nb", "nd",
    "ne", "ng", "nl", "nn", "no", "nr", "nv", "ny", "oc", "oj", "om", "or", "os", "pa",
    "pi", "pl", "ps", "pt", "qu", "rm", "rn", "ro", "ru", "rw", "sa", "sc", "sd", "se",
    "sg", "si", "sk", "sl", "sm", "sn", "so", "sq", "sr", "ss", "st", "su", "sv", "sw",
    "ta", "te", "tg", "th", "ti", "tk", "tl", "tn", "to", "tr", "ts", "tt", "tw", "ty",
    "ug", "uk", "ur", "uz", "ve", "vi", "vo", "wa", "wo", "xh", "yi", "yo", "za", "zh",
    "zu",
})


def _check_bool(owner: str, name: str, value: object) -> None:
    if not isinstance(value, bool):
        raise TypeError(f"{owner}.{name} must be bool, not {type(value).__name__}")


@dataclass(frozen=True, slots=True)
class Extraction:
    """Options for ``boilerplate()``: per-paragraph thresholds refining the main-content scoring."""

    min_length: int = MIN_PARAGRAPH
    max_link_density: float = MAX_LINK_DENSITY
    keep_headings: bool = True

    def __post_init__(self) -> None:
        if isinstance(self.min_length, bool) or not isinstance(self.min_length, int):
            raise TypeError(f"Extraction.min_length must be int, not {type(self.min_length).__name__}")
        if self.min_length < 0:
            raise ValueError(f"Extraction.min_length must be >= 0, got {self.min_length}")
        density = self.max_link_density
        if isinstance(density, bool) or not isinstance(density, (int, float)):
            raise TypeError(f"Extraction.max_link_density must be float, not {type(density).__name__}")
        if not 0.0 <= density <= 1.0:
            raise ValueError(f"Extraction.max_link_density must be within [0, 1], got {density}")
        object.__setattr__(self, "max_link_density", float(density))
        _check_bool("Extraction", "keep_headings", self.keep_headings)

    @classmethod
    def justext(cls) -> Extraction:
        """justext's defaults: its 70-character ``length_low`` floor and 0.2 ``max_link_density``."""
        return cls(min_length=70, max_link_density=0.2)


@dataclass(frozen=True, slots=True)
class DateExtraction:
    """Options for ``dates()``, mirroring ``htmldate.find_date``'s knobs.

    ``min_date`` defaults to 1995-01-01 and ``max_date`` to the day of the call
    (resolved when used, so a long-lived options object never goes stale).
    """

    original: bool = False
    output_format: str = "%Y-%m-%d"
    min_date: _dt.date | None = None
    max_date: _dt.date | None = None
    extensive_search: bool = True

    def __post_init__(self) -> None:
        _check_bool("DateExtraction", "original", self.original)
        _check_bool("DateExtraction", "extensive_search", self.extensive_search)
        if not isinstance(self.output_format, str):
            raise TypeError(
                f"DateExtraction.output_format must be str, not {type(self.output_format).__name__}"
            )
        if "%" not in self.output_format:
            raise ValueError(f"DateExtraction.output_format has no strftime directive: {self.output_format!r}")
        for name in ("min_date", "max_date"):
            value = getattr(self, name)
            if value is None:
                continue
            if not isinstance(value, _dt.date):
                raise ValueError(f"DateExtraction.{name} must be a datetime.date, not {type(value).__name__}")
            if isinstance(value, _dt.datetime):
                object.__setattr__(self, name, value.date())
        if self.earliest > self.latest:
            raise ValueError(
                f"DateExtraction window is empty: min_date {self.earliest} is after max_date {self.latest}"
            )

    @property
    def earliest(self) -> _dt.date:
        """The first acceptable day."""
        return self.min_date if self.min_date is not None else EARLIEST_DATE

    @property
    def latest(self) -> _dt.date:
        """The last acceptable day (today unless ``max_date`` is set)."""
        return self.max_date if self.max_date is not None else _dt.date.today()


def _parameter_names(owner: str, values: Iterable[str] | None) -> frozenset[str] | None:
    if values is None:
        return None
    if isinstance(values, str):
        raise TypeError(f"UrlCleaning.{owner} must be a set of parameter names, not a str")
    names = []
    for value in values:
        if not isinstance(value, str):
            raise TypeError(f"UrlCleaning.{owner} holds {type(value).__name__} {value!r}; names must be str")
        names.append(value.lower())
    return frozenset(names)


@dataclass(frozen=True, slots=True)
class UrlCleaning:
    """Options shared by ``clean_url()``, ``normalize_url()`` and ``extract_links()``.

    Parameter names in ``query_allow``/``query_deny`` are matched case-insensitively
    against the decoded name; they are stored lower-cased.
    """

    strict: bool = False
    trailing_slash: bool = True
    strip_fragment: bool = False
    language: str | None = None
    query_allow: frozenset[str] | None = None
    query_deny: frozenset[str] = field(default_factory=frozenset)

    def __post_init__(self) -> None:
        for name in ("strict", "trailing_slash", "strip_fragment"):
            _check_bool("UrlCleaning", name, getattr(self, name))
        if self.language is not None:
            if not isinstance(self.language, str):
                raise TypeError(f"UrlCleaning.language must be str or None, not {type(self.language).__name__}")
            code = self.language.lower()
            if code not in ISO_639_1:
                raise ValueError(f"UrlCleaning.language must be an ISO 639-1 code such as 'en', got {self.language!r}")
            object.__setattr__(self, "language", code)
        object.__setattr__(self, "query_allow", _parameter_names("query_allow", self.query_allow))
        object.__setattr__(self, "query_deny", _parameter_names("query_deny", self.query_deny))
        if self.strict and self.query_allow is not None:
            raise ValueError("UrlCleaning.query_allow and strict are exclusive: strict is itself an allowlist")

    @classmethod
    def w3lib(cls) -> UrlCleaning:
        """``w3lib.url.canonicalize_url``'s mode: fragments dropped, every non-tracker parameter kept."""
        return cls(strip_fragment=True)
