"""The article-extraction-benchmark metric, shared by bench/ and the regression tests.

Tokens are ``re.findall(r"\\w+", text)``; shingles are 4-token tuples counted with
multiplicity; per page tp/fp/fn are shingle overlaps normalised to sum to 1. Precision
averages over pages that predicted something, recall over pages with ground truth.
"""

from __future__ import annotations

import re
from collections import Counter

_WORD = re.compile(r"\w+")


def shingles(text: str) -> Counter:
    tokens = _WORD.findall(text)
    return Counter(tuple(tokens[i:i + 4]) for i in range(max(0, len(tokens) - 3)))


def page_scores(prediction: str, truth: str) -> tuple[float, float, float] | None:
    """Normalised (tp, fp, fn) for one page, or None when both sides have no shingles."""
    predicted, expected = shingles(prediction), shingles(truth)
    tp = sum((predicted & expected).values())
    fp = sum(predicted.values()) - tp
    fn = sum(expected.values()) - tp
    total = tp + fp + fn
    if total == 0:
        return None
    return tp / total, fp / total, fn / total


def f1_score(pairs: list[tuple[str, str]]) -> tuple[float, float, float]:
    """(precision, recall, F1) over ``(prediction, truth)`` pairs, the benchmark's way."""
    precisions, recalls = [], []
    for prediction, truth in pairs:
        scores = page_scores(prediction, truth)
        if scores is None:
            continue
        tp, fp, fn = scores
        if tp + fp > 0:
            precisions.append(tp / (tp + fp))
        recalls.append(tp / (tp + fn) if tp + fn else 0.0)
    precision = sum(precisions) / len(precisions) if precisions else 0.0
    recall = sum(recalls) / len(recalls) if recalls else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return precision, recall, f1


_LOWER_WORD = re.compile(r"\w+")


def bag_f1(prediction: str, truth: str) -> float | None:
    """The WCXB benchmark's page score: F1 of the lower-cased bags of ``\\w+`` tokens (with
    multiplicity); None when the truth has no tokens, 0 for an empty prediction."""
    expected = Counter(_LOWER_WORD.findall(truth.lower()))
    if not expected:
        return None
    predicted = Counter(_LOWER_WORD.findall(prediction.lower()))
    overlap = sum((predicted & expected).values())
    if not overlap:
        return 0.0
    precision = overlap / sum(predicted.values())
    recall = overlap / sum(expected.values())
    return 2 * precision * recall / (precision + recall)
