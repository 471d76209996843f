"""trafilatura's ``deduplication`` names that its extraction options use: the
``LRUCache`` a caller may pass as ``deduplicate=`` and the module-wide ``LRU_TEST``."""

from __future__ import annotations

from collections import OrderedDict
from threading import RLock
from typing import Any

__all__ = ["LRU_SIZE", "LRU_TEST", "LRUCache"]

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
