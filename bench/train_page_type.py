"""Train the page-type model (turbohtml/_page_type_model.py) on WCXB-dev.

Two models over the feature vectors of ``turbohtml._features``, their probabilities
averaged (``MIX``): a multinomial logistic regression with L2 weight decay, fitted by
full-batch gradient descent, and gradient-boosted trees of depth ``TREE_DEPTH`` (softmax
loss, split gains on binned features, Newton leaves), both in numpy. Accuracy is
cross-validated by site (pages of one registrable domain never sit on both sides), and
the settings below are the ones best on sites the model has not seen.
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
from turbohtml._features import FEATURE_NAMES, feature_vector, use_model
from turbohtml._features import PAGE_KINDS_NAMES as CLASSES
from turbohtml._page_words import DECLARED_THREAD

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "wcxb-dev"
MODEL = Path(__file__).resolve().parents[1] / "turbohtml" / "_page_type_model.py"
DECAY = 0.06
BALANCE = 0.5  # 0: every page weighs the same; 1: every kind weighs the same
TREE_BALANCE = 0.8  # the same for the trees
STEPS = 3000
FOLDS = 5
MIX = 0.5  # the regression's share of the probabilities; the trees' is the rest
ROUNDS = 150  # boosting rounds: a tree per kind each
TREE_DEPTH = 3
LEARNING_RATE = 0.1
BINS = 32  # split points tried per feature
LEAF_DECAY = 1.0  # L2 on a leaf's value (and on the gains)
MIN_HESSIAN = 1.0  # the least weight of evidence a split leaves on each side
COLUMNS = 0.3  # the share of features each split chooses from (seeded)
SEED = 0  # of the features' draws


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


def fit_regression(x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    mean = x.mean(axis=0)
    scale = x.std(axis=0) + 1e-6
    z = (x - mean) / scale
    onehot = np.eye(len(CLASSES))[y]
    sample = _sample_weights(y, BALANCE)[:, None]
    weights = np.zeros((len(CLASSES), z.shape[1]))
    bias = np.zeros(len(CLASSES))
    rate = 0.5
    for _ in range(STEPS):
        prob = _softmax(z @ weights.T + bias)
        error = (prob - onehot) * sample / len(y)
        weights -= rate * (error.T @ z + DECAY * weights)
        bias -= rate * error.sum(axis=0)
    return weights, bias, mean, scale


def _sample_weights(y: np.ndarray, balance: float) -> np.ndarray:
    """Kinds weighed by a power of their inverse frequency, so rare kinds are not ignored."""
    counts = np.bincount(y, minlength=len(CLASSES))
    return ((len(y) / (len(CLASSES) * counts)) ** balance)[y]


def _softmax(scores: np.ndarray) -> np.ndarray:
    scores = scores - scores.max(axis=1, keepdims=True)
    prob = np.exp(scores)
    return prob / prob.sum(axis=1, keepdims=True)


def _split_points(column: np.ndarray) -> np.ndarray:
    """Up to BINS - 1 thresholds halfway between distinct values at the column's quantiles
    (halfway: a value never sits on a threshold, so rounding cannot flip a page's side)."""
    values = np.unique(column)
    if len(values) < 2:
        return np.array([])
    middles = (values[:-1] + values[1:]) / 2
    if len(middles) < BINS:
        return middles
    return np.unique(np.quantile(middles, np.linspace(0, 1, BINS + 1)[1:-1], method="nearest"))


def fit_trees(x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Boosted trees: each round fits one tree per kind to the softmax loss's gradient,
    its splits chosen on binned features, its leaves Newton steps. Returns per tree its
    split features and thresholds (breadth first; an unsplit node's threshold is out of
    reach) and its leaves."""
    rng = np.random.default_rng(SEED)
    points = [_split_points(x[:, j]) for j in range(x.shape[1])]
    bins = np.stack([np.searchsorted(points[j], x[:, j], side="right") for j in range(x.shape[1])], axis=1)
    rows_n = len(bins)
    sample = _sample_weights(y, TREE_BALANCE)
    onehot = np.eye(len(CLASSES))[y]
    scores = np.zeros((rows_n, len(CLASSES)))
    nodes = (1 << TREE_DEPTH) - 1
    features, thresholds, leaf_values = [], [], []
    for _ in range(ROUNDS):
        prob = _softmax(scores)
        gradient = (prob - onehot) * sample[:, None]
        hessian = 2 * prob * (1 - prob) * sample[:, None]
        for kind in range(len(CLASSES)):
            g, h = gradient[:, kind], hessian[:, kind]
            feature = np.zeros(nodes, dtype=int)
            threshold = np.full(nodes, 1e300)
            level_rows = [np.arange(rows_n)]
            for node in range(nodes):
                rows = level_rows[node]
                split = _best_split(bins[rows], g[rows], h[rows], rng) if len(rows) > 1 else None
                if split is None:
                    level_rows += [rows, rows[:0]]
                    continue
                column, cut = split
                feature[node], threshold[node] = column, points[column][cut]
                right = bins[rows, column] > cut
                level_rows += [rows[~right], rows[right]]
            leaf = np.array([-LEARNING_RATE * g[rows].sum() / (h[rows].sum() + LEAF_DECAY) if len(rows) else 0.0
                             for rows in level_rows[nodes:]])
            features.append(feature)
            thresholds.append(threshold)
            leaf_values.append(leaf)
            scores[:, kind] += leaf[_leaf_of(x, feature, threshold)]
    return np.array(features), np.array(thresholds), np.array(leaf_values)


def _best_split(bins: np.ndarray, g: np.ndarray, h: np.ndarray,
                rng: np.random.Generator) -> tuple[int, int] | None:
    """The (feature, bin) whose split gains most, among a COLUMNS share of the features
    (drawn first: the histograms are built for those alone)."""
    columns = np.nonzero(rng.random(bins.shape[1]) <= COLUMNS)[0]
    if not len(columns):
        return None
    width = len(columns)
    size = width * (BINS + 1)
    flat = (bins[:, columns] + np.arange(width) * (BINS + 1)).ravel()
    g_hist = np.bincount(flat, np.repeat(g, width), size).reshape(width, BINS + 1)
    h_hist = np.bincount(flat, np.repeat(h, width), size).reshape(width, BINS + 1)
    g_left, h_left = np.cumsum(g_hist, axis=1)[:, :-1], np.cumsum(h_hist, axis=1)[:, :-1]
    g_all, h_all = g_hist.sum(axis=1, keepdims=True), h_hist.sum(axis=1, keepdims=True)
    g_right, h_right = g_all - g_left, h_all - h_left
    gain = (g_left ** 2 / (h_left + LEAF_DECAY) + g_right ** 2 / (h_right + LEAF_DECAY)
            - g_all ** 2 / (h_all + LEAF_DECAY))
    gain[(h_left < MIN_HESSIAN) | (h_right < MIN_HESSIAN)] = -1
    column, cut = np.unravel_index(np.argmax(gain), gain.shape)
    return (int(columns[column]), int(cut)) if gain[column, cut] > 1e-9 else None


def _leaf_of(x: np.ndarray, feature: np.ndarray, threshold: np.ndarray) -> np.ndarray:
    node = np.zeros(len(x), dtype=int)
    for _ in range(TREE_DEPTH):
        node = 2 * node + 1 + (x[np.arange(len(x)), feature[node]] >= threshold[node])
    return node - ((1 << TREE_DEPTH) - 1)


def fit(x: np.ndarray, y: np.ndarray) -> SimpleNamespace:
    """The model as ``_page_type_model`` holds it."""
    weights, bias, mean, scale = fit_regression(x, y)
    features, thresholds, leaves = fit_trees(x, y) if MIX < 1 else (np.zeros((0,)), np.zeros((0,)), np.zeros((0,)))
    return SimpleNamespace(CLASSES=CLASSES, MEAN=tuple(mean), SCALE=tuple(scale), BIAS=tuple(bias),
                           WEIGHTS=tuple(map(tuple, weights)), MIX=MIX, TREE_DEPTH=TREE_DEPTH,
                           TREE_FEATURES=tuple(int(f) for f in features.ravel()),
                           TREE_THRESHOLDS=tuple(float(t) for t in thresholds.ravel()),
                           TREE_LEAVES=tuple(float(v) for v in leaves.ravel()))


def probabilities(model: SimpleNamespace, x: np.ndarray) -> np.ndarray:
    """What ``_features.features_kind`` computes, for many pages at once."""
    z = (x - np.array(model.MEAN)) / np.array(model.SCALE)
    prob = model.MIX * _softmax(z @ np.array(model.WEIGHTS).T + np.array(model.BIAS))
    if model.TREE_LEAVES:
        nodes, leaves = (1 << model.TREE_DEPTH) - 1, 1 << model.TREE_DEPTH
        features = np.array(model.TREE_FEATURES).reshape(-1, nodes)
        thresholds = np.array(model.TREE_THRESHOLDS).reshape(-1, nodes)
        leaf_values = np.array(model.TREE_LEAVES).reshape(-1, leaves)
        scores = np.zeros((len(x), len(CLASSES)))
        for t in range(len(leaf_values)):
            scores[:, t % len(CLASSES)] += leaf_values[t][_leaf_of(x, features[t], thresholds[t])]
        prob += (1 - model.MIX) * _softmax(scores)
    declared = (x[:, [FEATURE_NAMES.index(f"schema_{kind}") for kind in DECLARED_THREAD]] > 0).any(axis=1)
    prob[declared] = np.eye(len(CLASSES))[CLASSES.index("forum")]
    return prob


def predict(model: SimpleNamespace, x: np.ndarray) -> np.ndarray:
    return np.argmax(probabilities(model, x), axis=1)


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
    wcxb = len(json.loads((DATA / "page-types.json").read_text()))  # the rows before the article sets'
    print(f"cross-validated by site: accuracy {(predicted == y).mean():.3f} over {len(y)} pages, "
          f"{(predicted[:wcxb] == y[:wcxb]).mean():.3f} on the {wcxb} WCXB-dev pages")
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
        use_model(fit(x[folds != k], y[folds != k]))
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


def write(model: SimpleNamespace) -> None:
    def floats(values, form: str = ".6g") -> str:
        return "(" + numbers(values, form) + ",)"

    def numbers(values, form: str) -> str:
        return ", ".join(f"{v:{form}}" for v in values)

    nodes = (1 << model.TREE_DEPTH) - 1
    lines = [
        '"""Page-type model (data only), written by bench/train_page_type.py; see',
        'turbohtml/_features.pyx and docs/scoring.md for the features and the accuracy.',
        "",
        "A logistic regression (MEAN, SCALE, BIAS, WEIGHTS) and boosted trees (tree t adds",
        "to kind t % 7: its splits' TREE_FEATURES and TREE_THRESHOLDS breadth first, then",
        'its TREE_LEAVES), their probabilities mixed MIX : 1 - MIX."""',
        "",
        f"CLASSES = {CLASSES!r}",
        f"MEAN = {floats(model.MEAN)}",
        f"SCALE = {floats(model.SCALE)}",
        f"BIAS = {floats(model.BIAS)}",
        "WEIGHTS = (",
        *(f"    {floats(row)}," for row in model.WEIGHTS),
        ")",
        f"MIX = {model.MIX!r}",
        f"TREE_DEPTH = {model.TREE_DEPTH}",
        "TREE_FEATURES = (",
        *(f"    {numbers(model.TREE_FEATURES[i:i + nodes], 'd')},"
          for i in range(0, len(model.TREE_FEATURES), nodes)),
        ")",
        "TREE_THRESHOLDS = (",  # halfway between feature values: short forms are exact enough
        *(f"    {numbers(model.TREE_THRESHOLDS[i:i + nodes], '.9g')},"
          for i in range(0, len(model.TREE_THRESHOLDS), nodes)),
        ")",
        "TREE_LEAVES = (",
        *(f"    {numbers(model.TREE_LEAVES[i:i + nodes + 1], '.6g')},"
          for i in range(0, len(model.TREE_LEAVES), nodes + 1)),
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
