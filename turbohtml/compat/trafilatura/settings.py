"""trafilatura's ``settings`` module: ``use_config``, ``DEFAULT_CONFIG``, the
``Extractor`` options record and the ``Document`` result record.

The settings file format and keys are trafilatura's (``settings.cfg`` beside this
module holds its defaults). Which keys turbohtml honours is listed on
docs/migration/trafilatura.md: the size limits (``MIN_EXTRACTED_SIZE``,
``MIN_OUTPUT_SIZE``, ``MIN_OUTPUT_COMM_SIZE``, ``MAX_FILE_SIZE``, ``MIN_FILE_SIZE``,
``MAX_TREE_SIZE``), the deduplication thresholds, ``EXTENSIVE_DATE_SEARCH``, and the
download keys (``DOWNLOAD_TIMEOUT``, ``MAX_REDIRECTS``, ``USER_AGENTS``,
``SSRF_PROTECTION``); ``EXTRACTION_TIMEOUT`` bounds each file of the command line,
``SLEEP_TIME`` paces the crawler and ``EXTERNAL_URLS`` widens the command line's
``--feed``/``--sitemap``.
"""

from __future__ import annotations

import argparse
import logging
import os
from configparser import ConfigParser
from datetime import datetime
from pathlib import Path
from typing import Any

from turbohtml.compat import MIRRORED

__version__ = MIRRORED["trafilatura"]

__all__ = [
    "DEFAULT_CONFIG",
    "JUSTEXT_LANGUAGES",
    "MAX_FEEDS_CHECKED",
    "MAX_LINKS",
    "MAX_SITEMAPS_SEEN",
    "SUPPORTED_FMT_CLI",
    "SUPPORTED_FORMATS",
    "Document",
    "Extractor",
    "args_to_extractor",
    "set_date_params",
    "use_config",
]

LOGGER = logging.getLogger("turbohtml.compat.trafilatura")

SUPPORTED_FMT_CLI = ["csv", "json", "html", "markdown", "txt", "xml", "xmltei"]
SUPPORTED_FORMATS = set(SUPPORTED_FMT_CLI) | {"python"}  # "python": bare_extraction() only
#: Worker processes of the command line's ``--parallel`` default.
PARALLEL_CORES = min(len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1, 16)

#: Link discovery bounds (trafilatura's values): links read from one sitemap or feed,
#: feeds fetched from one page's candidates, sitemaps fetched by one ``sitemap_search``.
MAX_LINKS = 10**6
MAX_FEEDS_CHECKED = 10**3
MAX_SITEMAPS_SEEN = 10**4

#: ISO 639-1 codes and the jusText stoplist of each language (``external.try_justext``)
JUSTEXT_LANGUAGES = {
    "af": "Afrikaans", "an": "Aragonese", "ar": "Arabic", "az": "Azerbaijani", "be": "Belarusian", "bg": "Bulgarian",
    "bn": "Bengali", "br": "Breton", "bs": "Bosnian", "ca": "Catalan", "cs": "Czech", "cv": "Chuvash", "cy": "Welsh",
    "da": "Danish", "de": "German", "el": "Greek", "en": "English", "eo": "Esperanto", "es": "Spanish",
    "et": "Estonian", "eu": "Basque", "fa": "Persian", "fi": "Finnish", "fr": "French", "fy": "West_Frisian",
    "ga": "Irish", "gl": "Galician", "gu": "Gujarati", "he": "Hebrew", "hi": "Hindi", "hr": "Croatian",
    "ht": "Haitian", "hu": "Hungarian", "hy": "Armenian", "id": "Indonesian", "ig": "Igbo", "io": "Ido",
    "is": "Icelandic", "it": "Italian", "jv": "Javanese", "ka": "Georgian", "kk": "Kazakh", "kn": "Kannada",
    "ko": "Korean", "ku": "Kurdish", "ky": "Kyrgyz", "la": "Latin", "lb": "Luxembourgish", "lt": "Lithuanian",
    "lv": "Latvian", "mk": "Macedonian", "ml": "Malayalam", "mr": "Marathi", "ms": "Malay", "mt": "Maltese",
    "nb": "Norwegian_Bokmal", "ne": "Nepali", "nl": "Dutch", "nn": "Norwegian_Nynorsk", "no": "Norwegian_Bokmal",
    "oc": "Occitan", "pl": "Polish", "pt": "Portuguese", "qu": "Quechua", "ro": "Romanian", "ru": "Russian",
    "sh": "Serbo_Croatian", "sk": "Slovak", "sl": "Slovenian", "sq": "Albanian", "sr": "Serbian", "su": "Sundanese",
    "sv": "Swedish", "sw": "Swahili", "ta": "Tamil", "te": "Telugu", "tk": "Turkmen", "tl": "Tagalog",
    "tr": "Turkish", "uk": "Ukrainian", "ur": "Urdu", "uz": "Uzbek", "vi": "Vietnamese", "vo": "Volapuk",
    "wa": "Walloon", "yo": "Yoruba",
}

_DEFAULT_FILE = Path(__file__).with_name("settings.cfg")


def use_config(filename: str | None = None, config: ConfigParser | None = None) -> ConfigParser:
    """``config`` as given, else the defaults overridden by the settings file ``filename``
    (``FileNotFoundError`` when it does not exist)."""
    if config is not None:
        return config
    parser = ConfigParser()
    if filename is None:
        parser.read(_DEFAULT_FILE)
        return parser
    if not Path(filename).is_file():
        raise FileNotFoundError("The given config file does not exist")
    parser.read([_DEFAULT_FILE, filename])
    return parser


DEFAULT_CONFIG = use_config()


def _optional_int(config: ConfigParser, option: str) -> int | None:
    value = config.get("DEFAULT", option, fallback="").strip()
    return int(value) if value.isdecimal() else None  # isdigit() takes superscripts int() refuses


def set_date_params(extensive: bool = True) -> dict[str, Any]:
    """The date-extraction parameters trafilatura passes to htmldate by default."""
    return {
        "original_date": True,
        "extensive_search": extensive,
        "max_date": datetime.now().astimezone().strftime("%Y-%m-%d"),
    }


class Extractor:
    """All extraction options of one call (trafilatura's ``Extractor``), read from the
    keywords and from ``config``'s size and deduplication settings."""

    __slots__ = ["config", "format", "fast", "focus", "comments", "formatting", "links", "images",
                 "tables", "dedup", "lang", "min_extracted_size", "min_output_size",
                 "min_output_comm_size", "min_duplcheck_size", "max_repetitions", "max_file_size",
                 "min_file_size", "max_tree_size", "source", "url", "with_metadata",
                 "only_with_metadata", "tei_validation", "date_params", "author_blacklist",
                 "url_blacklist"]

    def __init__(self, *, config: ConfigParser = DEFAULT_CONFIG, output_format: str = "txt",
                 fast: bool = False, precision: bool = False, recall: bool = False, comments: bool = True,
                 formatting: bool | None = None, links: bool = False, images: bool = False,
                 tables: bool = True, dedup: Any = False, lang: str | None = None, url: str | None = None,
                 source: str | None = None, with_metadata: bool = False, only_with_metadata: bool = False,
                 tei_validation: bool = False, author_blacklist: set[str] | None = None,
                 url_blacklist: set[str] | None = None, date_params: dict[str, Any] | None = None) -> None:
        if precision and recall:
            LOGGER.warning("'precision' and 'recall' are mutually exclusive, 'recall' takes precedence")
        if output_format not in SUPPORTED_FORMATS:
            raise AttributeError(f"Cannot set format, must be one of: {', '.join(sorted(SUPPORTED_FORMATS))}")
        self.format = output_format
        if url is not None and not isinstance(url, str):
            raise TypeError(f"url must be str or None, not {type(url).__name__}")
        source = url or source
        self.source = source and source.encode("utf-8", "replace").decode("utf-8")
        self.config = config or DEFAULT_CONFIG
        self.min_extracted_size = self.config.getint("DEFAULT", "MIN_EXTRACTED_SIZE")
        self.min_output_size = self.config.getint("DEFAULT", "MIN_OUTPUT_SIZE")
        self.min_output_comm_size = self.config.getint("DEFAULT", "MIN_OUTPUT_COMM_SIZE")
        self.min_duplcheck_size = self.config.getint("DEFAULT", "MIN_DUPLCHECK_SIZE")
        self.max_repetitions = self.config.getint("DEFAULT", "MAX_REPETITIONS")
        self.max_file_size = self.config.getint("DEFAULT", "MAX_FILE_SIZE")
        self.min_file_size = self.config.getint("DEFAULT", "MIN_FILE_SIZE")
        self.max_tree_size = _optional_int(self.config, "MAX_TREE_SIZE")
        self.fast = fast
        self.focus = "recall" if recall else "precision" if precision else "balanced"
        self.comments = comments
        self.formatting = (self.format == "markdown") if formatting is None else formatting
        self.links = links
        self.images = images
        self.tables = tables
        self.dedup = dedup
        self.lang = lang
        self.url = url
        self.only_with_metadata = only_with_metadata
        self.tei_validation = tei_validation
        self.author_blacklist = author_blacklist or set()
        self.url_blacklist = url_blacklist or set()
        self.with_metadata = (with_metadata or only_with_metadata or bool(url_blacklist)
                              or bool(author_blacklist) or output_format == "xmltei")
        self.date_params = date_params or set_date_params(self.config.getboolean("DEFAULT", "EXTENSIVE_DATE_SEARCH"))


def args_to_extractor(args: argparse.Namespace, url: str | None = None) -> Extractor:
    """The ``Extractor`` the command-line arguments ask for."""
    return Extractor(
        config=use_config(filename=getattr(args, "config_file", None)),
        output_format=args.output_format, fast=args.fast, formatting=args.formatting,
        precision=args.precision, recall=args.recall, comments=args.comments,
        tables=args.tables, images=args.images, links=args.links, dedup=args.deduplicate,
        lang=args.target_language, url=url, with_metadata=args.with_metadata,
        only_with_metadata=args.only_with_metadata, tei_validation=args.validate_tei,
    )


def _empty_body() -> Any:
    """A new empty lxml ``<body>``, trafilatura's default ``body``/``commentsbody``
    (``None`` without lxml)."""
    try:
        from lxml.etree import Element
    except ImportError:
        return None
    return Element("body")


class Document:
    """The extraction record, with trafilatura's fields, constructor keywords (``idval``,
    ``license_val``) and ``as_dict()``/``from_dict()``.

    ``body`` is an lxml ``<body>`` of trafilatura's element vocabulary (``p``, ``head``,
    ``list``/``item``, ``table``/``row``/``cell``, ``quote``, ``code``) when lxml is
    installed, else the turbohtml ``Element`` of the content body.
    """

    __slots__ = ["title", "author", "url", "hostname", "description", "sitename", "date",
                 "categories", "tags", "fingerprint", "id", "license", "body", "comments",
                 "commentsbody", "raw_text", "text", "language", "image", "pagetype", "filedate"]

    def __init__(self, *, title: str | None = None, author: str | None = None, url: str | None = None,
                 hostname: str | None = None, description: str | None = None, sitename: str | None = None,
                 date: str | None = None, categories: list[str] | None = None, tags: list[str] | None = None,
                 fingerprint: str | None = None, idval: str | None = None, license_val: str | None = None,
                 body: Any = None, comments: str | None = None, commentsbody: Any = None,
                 raw_text: str | None = None, text: str | None = None, language: str | None = None,
                 image: str | None = None, pagetype: str | None = None, filedate: str | None = None) -> None:
        self.title = title
        self.author = author
        self.url = url
        self.hostname = hostname
        self.description = description
        self.sitename = sitename
        self.date = date
        self.categories = categories if categories is not None else []
        self.tags = tags if tags is not None else []
        self.fingerprint = fingerprint
        self.id = idval
        self.license = license_val
        self.body = body if body is not None else _empty_body()
        self.comments = comments
        self.commentsbody = commentsbody if commentsbody is not None else _empty_body()
        self.raw_text = raw_text
        self.text = text
        self.language = language
        self.image = image
        self.pagetype = pagetype
        self.filedate = filedate

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Document:
        """A Document with the fields of ``data`` set."""
        document = cls()
        for key, value in data.items():
            setattr(document, key, value)
        return document

    def clean_and_trim(self) -> None:
        """Cap string fields at 10,000 characters and fold their whitespace."""
        for name in self.__slots__:
            value = getattr(self, name)
            if isinstance(value, str):
                if len(value) > 10000:
                    value = value[:9999] + "\u2026"
                setattr(self, name, " ".join(value.split()))

    def as_dict(self) -> dict[str, Any]:
        """The fields as a dict, in trafilatura's order."""
        return {name: getattr(self, name, None) for name in self.__slots__}

    def __repr__(self) -> str:
        return f"Document(title={self.title!r}, url={self.url!r}, date={self.date!r})"
