"""``htmldate.validators``: the date checks htmldate 1.11.0 users call directly."""

from __future__ import annotations

import logging
from datetime import datetime

from turbohtml.compat import MIRRORED

__version__ = MIRRORED["htmldate"]

__all__ = ["check_date_input", "convert_date", "get_max_date", "get_min_date", "is_valid_date", "is_valid_format",
           "validate_and_convert"]

LOGGER = logging.getLogger(__name__)
#: htmldate's earliest plausible date (settings.MIN_DATE)
MIN_DATE = datetime(1995, 1, 1)


def _comparable(value: datetime, other: datetime) -> tuple[datetime, datetime]:
    """Both naive or both aware, so an aware bound compares with a naive date."""
    if (value.tzinfo is None) != (other.tzinfo is None):
        return value.replace(tzinfo=None), other.replace(tzinfo=None)
    return value, other


def _in_range(value: datetime, earliest: datetime, latest: datetime) -> bool:
    low, value_low = _comparable(earliest, value)
    value_high, high = _comparable(value, latest)
    return low <= value_low and value_high <= high


def is_valid_date(date_input: datetime | str | None, outputformat: str, earliest: datetime,
                  latest: datetime) -> bool:
    """Whether ``date_input`` (a datetime, or a string in ``outputformat``) lies in
    ``[earliest, latest]``."""
    if date_input is None:
        return False
    if isinstance(date_input, datetime):
        return _in_range(date_input, earliest, latest)
    try:
        value = datetime.strptime(date_input, outputformat)
    except ValueError:
        return False
    return _in_range(value, earliest, latest)


def validate_and_convert(date_input: datetime | None, outputformat: str, earliest: datetime,
                         latest: datetime) -> str | None:
    """``date_input`` written with ``outputformat`` when it lies in ``[earliest, latest]``."""
    if date_input is None or not is_valid_date(date_input, outputformat, earliest, latest):
        return None
    try:
        return date_input.strftime(outputformat)
    except ValueError:
        return None


def is_valid_format(outputformat: str) -> bool:
    """Whether ``outputformat`` is a usable ``strftime`` format with a ``%`` directive."""
    if not isinstance(outputformat, str) or "%" not in outputformat:
        LOGGER.error("malformed output format: %s", outputformat)
        return False
    try:
        datetime(2017, 9, 1, 0, 0).strftime(outputformat)
    except (NameError, TypeError, ValueError) as error:
        LOGGER.error("wrong output format or type: %s %s", outputformat, error)
        return False
    return True


def convert_date(datestring: str, inputformat: str, outputformat: str) -> str:
    """``datestring`` read with ``inputformat`` and written with ``outputformat``."""
    if isinstance(datestring, datetime):
        return datestring.strftime(outputformat)
    return datetime.strptime(datestring, inputformat).strftime(outputformat)


def check_date_input(date_object: datetime | str | None, default: datetime) -> datetime:
    """A datetime or ISO string as a datetime; ``default`` otherwise (logged)."""
    if isinstance(date_object, datetime):
        return date_object
    if isinstance(date_object, str):
        try:
            return datetime.fromisoformat(date_object)
        except ValueError:
            LOGGER.warning("invalid datetime string: %s", date_object)
    return default


def get_min_date(min_date: datetime | str | None) -> datetime:
    """The lower bound: ``min_date`` or 1995-01-01."""
    return check_date_input(min_date, MIN_DATE)


def get_max_date(max_date: datetime | str | None) -> datetime:
    """The upper bound: ``max_date`` or the end of today."""
    return check_date_input(max_date, datetime.now().replace(hour=23, minute=59, second=59, microsecond=999999))
