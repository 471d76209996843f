"""trafilatura's ``deduplication`` module: the ``LRUCache`` a caller may pass as
``deduplicate=`` (and the module-wide ``LRU_TEST``), the segment test ``duplicate_test`` and
the near-duplicate hashing its documentation presents (``Simhash``, ``content_fingerprint``),
with trafilatura's token sampling, so fingerprints equal the original's."""

from __future__ import annotations

import re
import string
import struct
import unicodedata
from collections import Counter, OrderedDict
from difflib import SequenceMatcher
from functools import lru_cache
from hashlib import blake2b
from threading import RLock
from typing import Any, Protocol

from turbohtml.compat import MIRRORED
from turbohtml.compat.trafilatura.utils import trim

__version__ = MIRRORED["trafilatura"]

__all__ = ["LRU_SIZE", "LRU_TEST", "LRUCache", "Simhash", "clear_caches", "content_fingerprint", "duplicate_test",
           "generate_bow_hash", "is_similar_domain", "repeated_segment", "sample_tokens"]

LRU_SIZE = 4096


class LRUCache:
    """A bounded count per key; the least recently used key goes first when full.
    Always true, so an instance passed as ``deduplicate`` switches deduplication on."""

    def __init__(self, maxsize: int = 128) -> None:
        if maxsize < 1:
            raise ValueError("maxsize must be at least 1")
        self.lock = RLock()
        self.maxsize = maxsize
        self.cache: OrderedDict[str, int] = OrderedDict()

    def __getstate__(self) -> dict[str, Any]:
        with self.lock:
            state = self.__dict__.copy()
            state["cache"] = self.cache.copy()
        del state["lock"]
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self.lock = RLock()

    def __bool__(self) -> bool:
        return True

    def get(self, key: str) -> int:
        """The count stored for ``key``, or -1."""
        with self.lock:
            if key in self.cache:
                self.cache.move_to_end(key)
                return self.cache[key]
        return -1

    def put(self, key: str, value: int) -> None:
        with self.lock:
            self.cache[key] = value
            self.cache.move_to_end(key)
            if len(self.cache) > self.maxsize:
                self.cache.popitem(last=False)

    def increment(self, key: str) -> int:
        """Add one to ``key``'s count; return the previous count, or -1."""
        with self.lock:
            previous = self.cache.pop(key, -1)
            self.put(key, max(previous, 0) + 1)
            return previous

    def clear(self) -> None:
        with self.lock:
            self.cache.clear()


LRU_TEST = LRUCache(maxsize=LRU_SIZE)


class _DedupOptions(Protocol):
    dedup: Any
    min_duplcheck_size: int
    max_repetitions: int


def repeated_segment(text: str, options: _DedupOptions) -> bool:
    """trafilatura's deduplication rule: a segment longer than ``MIN_DUPLCHECK_SIZE``
    already seen more than ``MAX_REPETITIONS`` times (counted in the ``LRUCache`` passed
    as ``deduplicate``, else in the module-wide ``LRU_TEST``)."""
    cache = options.dedup if isinstance(options.dedup, LRUCache) else LRU_TEST
    previous = cache.increment(text)
    return len(text) > options.min_duplcheck_size and previous > options.max_repetitions


def duplicate_test(element: Any, options: _DedupOptions) -> bool:
    """Whether the text of ``element`` (an lxml element, or anything with ``itertext()``)
    is a repeated segment; each call counts one more sighting."""
    return repeated_segment(trim(" ".join(element.itertext())), options)


#: A domain name's extension, left out when two names are compared.
_EXTENSION = re.compile(r"\.[^/?#]{2,63}$")


@lru_cache(maxsize=1024)
def is_similar_domain(reference: str, new_string: str, threshold: float = 0.5) -> bool:
    """Whether two host names without their extension are at least ``threshold`` alike
    (``difflib``'s ratio)."""
    return SequenceMatcher(None, _EXTENSION.sub("", reference), _EXTENSION.sub("", new_string)).ratio() >= threshold


def sample_tokens(inputstring: str, length: int = 64) -> list[str]:
    """The words a hash is built from: alphanumeric tokens once ASCII punctuation is
    stripped from their ends (any Unicode punctuation splits words when that leaves
    none), keeping the longest ones while at least ``length / 2`` remain."""
    tokens = [word for token in inputstring.split() if (word := token.strip(string.punctuation)).isalnum()]
    if not tokens:  # scripts whose punctuation is not ASCII (。、)
        spaced = "".join(" " if unicodedata.category(char).startswith("P") else char for char in inputstring)
        tokens = [word for word in spaced.split() if word.isalnum()]
    for shortest in (5, 4, 3, 2):
        sample = [token for token in tokens if len(token) >= shortest]
        if len(sample) >= length / 2:
            return sample
    return tokens


def generate_bow_hash(inputstring: str, length: int = 24) -> bytes:
    """A ``length``-byte BLAKE2b digest of the sampled words (equal for texts whose
    longer words are the same)."""
    return blake2b(" ".join(sample_tokens(inputstring)).encode(), digest_size=length).digest()


#: a binary digit as one 32-bit big-endian field: ``_spread`` turns a token's hash into
#: 64 counters side by side, so summing the spread hashes counts every bit at once
_FIELD = str.maketrans({"0": "\0\0\0\0", "1": "\0\0\0\1"})


@lru_cache(maxsize=2**14)
def _spread(token: str, length: int) -> int:
    value = int.from_bytes(blake2b(token.encode(), digest_size=8).digest(), "big")
    digits = f"{value:0{length}b}"[-length:]
    return int.from_bytes(digits.translate(_FIELD).encode("latin-1"), "big")


class Simhash:
    """Charikar's similarity hash of a text: bit ``i`` is set when at least half of the
    sampled words' 64-bit BLAKE2b hashes have it set. Near texts differ in few bits."""

    __slots__ = ("hash", "length")

    def __init__(self, inputstring: str = "", length: int = 64, existing_hash: int | str | None = None) -> None:
        self.length = length
        self.hash = self.validate(existing_hash) or self.create_hash(inputstring)

    def create_hash(self, inputstring: str) -> int:
        """The hash of ``inputstring``'s sampled words (every bit set when it has none)."""
        counts = Counter(sample_tokens(inputstring, self.length))
        total = sum(counts.values())
        ones = sum(_spread(token, self.length) * count for token, count in counts.items())
        fields = struct.unpack(f">{self.length}I", ones.to_bytes(4 * self.length, "big"))
        return sum(1 << i for i, count in enumerate(reversed(fields)) if 2 * count >= total)

    def to_hex(self) -> str:
        return f"{self.hash:x}"

    def validate(self, inputhash: int | str | None) -> int | None:
        """``inputhash`` as an ``int`` when it is one that fits ``length`` bits (given as an
        ``int``, as hexadecimal text, or as the 18 to 22 decimal digits of older versions),
        else ``None``."""
        if isinstance(inputhash, str):
            try:
                inputhash = int(inputhash) if inputhash.isdecimal() and 18 <= len(inputhash) <= 22 \
                    else int(inputhash, 16)
            except ValueError:
                return None
        if type(inputhash) is int and 0 <= inputhash < 1 << self.length:
            return inputhash
        return None

    def similarity(self, other_hash: Simhash) -> float:
        """The share of equal bits, from 0.0 to 1.0."""
        return (self.length - (self.hash ^ other_hash.hash).bit_count()) / self.length


def content_fingerprint(content: str) -> str:
    """The ``Simhash`` of ``content`` as hexadecimal text (a ``Document``'s ``fingerprint``)."""
    return Simhash(content).to_hex()


def clear_caches() -> None:
    """Forget the segment counts of ``LRU_TEST`` and the cached hashes (``meta.reset_caches``)."""
    LRU_TEST.clear()
    is_similar_domain.cache_clear()
    _spread.cache_clear()
