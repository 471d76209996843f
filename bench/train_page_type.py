"""Train the page-type model (turbohtml/_page_type_model.py) on WCXB-dev.

A multinomial logistic regression with L2 weight decay, fitted by full-batch gradient
descent in numpy on the feature vectors of ``turbohtml._features``; accuracy is
cross-validated by site (pages of one registrable domain never sit on both sides).
The article benchmark's and the Readability test pages join the training set as articles
(more news layouts than WCXB's article share). ``--extraction`` measures what the model
is worth to ``article()`` on sites it has not seen.
Run: python bench/train_page_type.py [--cache FILE] [--extraction] [--write]
(numpy needed; --write updates the model).
"""

from __future__ import annotations

import argparse
import gzip
import json
from collections import Counter
from pathlib import Path
from types import SimpleNamespace
from urllib.parse import urlsplit

import numpy as np

import turbohtml
from turbohtml import _page_type_model
from turbohtml._features import PAGE_KINDS_NAMES as CLASSES
from turbohtml._features import feature_vector, use_model

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "wcxb-dev"
MODEL = Path(__file__).resolve().parents[1] / "turbohtml" / "_page_type_model.py"
DECAY = 3e-3
BALANCE = 0.5  # 0: every page weighs the same; 1: every kind weighs the same
STEPS = 3000
FOLDS = 5


def _site(url: str, fallback: str) -> str:
    host = urlsplit(url).hostname or fallback
    return ".".join(host.split(".")[-2:])


def article_pages() -> list[tuple[str, str]]:
    """(html, site) of the article benchmark's and the Readability test pages: every one an
    article by construction, and news layouts (section fronts' link rails, live blogs)
    that WCXB's article share alone leaves the model mistaking for listings."""
    shared = DATA.parent
    truth = json.loads((shared / "article-benchmark" / "ground-truth.json").read_text())
    pages = [(gzip.open(shared / "article-benchmark" / "html" / f"{key}.html.gz", "rt", encoding="utf8").read(),
              _site(item.get("url") or "", key)) for key, item in sorted(truth.items())]
    for folder in sorted((shared / "readability-pages" / "pages").iterdir()):
        if (folder / "source.html.gz").is_file():  # a folder per page, named <site>[-<n>]
            html = gzip.open(folder / "source.html.gz", "rt", encoding="utf8").read()
            pages.append((html, folder.name.rstrip("0123456789").rstrip("-")))
    return pages


def load() -> tuple[np.ndarray, np.ndarray, list[str]]:
    types = json.loads((DATA / "page-types.json").read_text())
    rows, labels, sites = [], [], []
    for page_id, kind in sorted(types.items()):
        html = gzip.open(DATA / "html" / f"{page_id}.html.gz", "rt", encoding="utf8").read()
        truth = json.loads((DATA / "ground-truth" / f"{page_id}.json").read_text())
        rows.append(feature_vector(turbohtml.parse(html)))
        labels.append(CLASSES.index(kind))
        sites.append(_site(truth.get("url") or "", page_id))
    for html, site in article_pages():
        rows.append(feature_vector(turbohtml.parse(html)))
        labels.append(CLASSES.index("article"))
        sites.append(site)
    return np.array(rows), np.array(labels), sites


def fit(x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    mean = x.mean(axis=0)
    scale = x.std(axis=0) + 1e-6
    z = (x - mean) / scale
    onehot = np.eye(len(CLASSES))[y]
    # kinds weighed by a power of their inverse frequency, so rare kinds are not ignored
    counts = np.bincount(y, minlength=len(CLASSES))
    sample = ((len(y) / (len(CLASSES) * counts)) ** BALANCE)[y][:, None]
    weights = np.zeros((len(CLASSES), z.shape[1]))
    bias = np.zeros(len(CLASSES))
    rate = 0.5
    for _ in range(STEPS):
        logits = z @ weights.T + bias
        logits -= logits.max(axis=1, keepdims=True)
        prob = np.exp(logits)
        prob /= prob.sum(axis=1, keepdims=True)
        error = (prob - onehot) * sample / len(y)
        weights -= rate * (error.T @ z + DECAY * weights)
        bias -= rate * error.sum(axis=0)
    return weights, bias, mean, scale


def predict(model, x: np.ndarray) -> np.ndarray:
    weights, bias, mean, scale = model
    return np.argmax(((x - mean) / scale) @ weights.T + bias, axis=1)


def site_folds(sites: list[str]) -> np.ndarray:
    fold_of = {site: i % FOLDS for i, site in enumerate(sorted(set(sites)))}
    return np.array([fold_of[s] for s in sites])


def cross_validate(x: np.ndarray, y: np.ndarray, sites: list[str]) -> float:
    folds = site_folds(sites)
    predicted = np.zeros_like(y)
    for k in range(FOLDS):
        test = folds == k
        predicted[test] = predict(fit(x[~test], y[~test]), x[test])
    per_class = {CLASSES[c]: float((predicted[y == c] == c).mean()) for c in range(len(CLASSES))}
    print(f"cross-validated by site: accuracy {(predicted == y).mean():.3f}")
    print("  recall per type: " + ", ".join(f"{k} {v:.2f}" for k, v in per_class.items()))
    confusion = Counter((CLASSES[a], CLASSES[b]) for a, b in zip(y, predicted, strict=True) if a != b)
    print("  most confused (truth -> predicted): "
          + ", ".join(f"{a}->{b} {n}" for (a, b), n in confusion.most_common(6)))
    return float((predicted == y).mean())


def extraction_by_fold(x: np.ndarray, y: np.ndarray, sites: list[str]) -> None:
    """Mean page F1 of ``article().text`` on WCXB-dev with the model fitted without the
    page's site: what the page types are worth on sites the model has not seen."""
    from scoring import bag_f1  # bench/scoring.py

    ids = sorted(json.loads((DATA / "page-types.json").read_text()))
    folds = site_folds(sites)
    scores: dict[str, list[float]] = {}
    for k in range(FOLDS):
        weights, bias, mean, scale = fit(x[folds != k], y[folds != k])
        use_model(SimpleNamespace(CLASSES=CLASSES, MEAN=tuple(mean), SCALE=tuple(scale), BIAS=tuple(bias),
                                  WEIGHTS=tuple(map(tuple, weights))))
        for row in np.nonzero(folds == k)[0]:
            if row >= len(ids):
                continue  # the added article pages: scored by bench/quality.py
            page_id = ids[row]
            html = gzip.open(DATA / "html" / f"{page_id}.html.gz", "rt", encoding="utf8").read()
            truth = json.loads((DATA / "ground-truth" / f"{page_id}.json").read_text())["ground_truth"]
            f1 = bag_f1(turbohtml.parse(html).article().text, truth.get("main_content") or "")
            if f1 is not None:
                for key in ("all", CLASSES[y[row]]):
                    scores.setdefault(key, []).append(f1)
    use_model(_page_type_model)
    print("article().text, model fitted without the page's site: mean page F1 "
          + ", ".join(f"{kind} {sum(v) / len(v):.3f}" for kind, v in sorted(scores.items())))


def write(model) -> None:
    weights, bias, mean, scale = model

    def floats(values) -> str:
        return "(" + ", ".join(f"{v:.6g}" for v in values) + ",)"

    lines = [
        '"""Page-type model weights (data only), written by bench/train_page_type.py; see',
        'turbohtml/extract/page_type.py and docs/scoring.md for the features and the accuracy."""',
        "",
        f"CLASSES = {CLASSES!r}",
        f"MEAN = {floats(mean)}",
        f"SCALE = {floats(scale)}",
        f"BIAS = {floats(bias)}",
        "WEIGHTS = (",
        *(f"    {floats(row)}," for row in weights),
        ")",
        "",
    ]
    MODEL.write_text("\n".join(lines))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--write", action="store_true", help="fit on every page and write the model")
    parser.add_argument("--cache", help="an .npz file keeping the feature vectors between runs")
    parser.add_argument("--extraction", action="store_true",
                        help="also measure article() on WCXB-dev with each fold's model (slow)")
    args = parser.parse_args()
    cache = Path(args.cache) if args.cache else None
    if cache and cache.is_file():
        saved = np.load(cache, allow_pickle=False)
        x, y, sites = saved["x"], saved["y"], list(saved["sites"])
    else:
        x, y, sites = load()
        if cache:
            np.savez(cache, x=x, y=y, sites=np.array(sites))
    cross_validate(x, y, sites)
    if args.extraction:
        extraction_by_fold(x, y, sites)
    if args.write:
        write(fit(x, y))
        print(f"wrote {MODEL}")


if __name__ == "__main__":
    main()
