"""jusText 3.0.2's package surface over turbohtml (``turbohtml.compat.justext``).

``justext()`` classifies with turbohtml's main-content scoring; ``justext.core``,
``justext.paragraph`` and ``justext.utils`` hold jusText's other public names, and the
stoplists ship with turbohtml (docs/migration/justext.md).
"""

from turbohtml.compat import MIRRORED
from turbohtml.compat.justext.core import (
    LENGTH_HIGH_DEFAULT,
    LENGTH_LOW_DEFAULT,
    MAX_HEADING_DISTANCE_DEFAULT,
    MAX_LINK_DENSITY_DEFAULT,
    NO_HEADINGS_DEFAULT,
    STOPWORDS_HIGH_DEFAULT,
    STOPWORDS_LOW_DEFAULT,
    JustextError,
    justext,
)
from turbohtml.compat.justext.paragraph import Paragraph
from turbohtml.compat.justext.utils import get_stoplist, get_stoplists

__version__ = MIRRORED["justext"]

__all__ = [
    "LENGTH_HIGH_DEFAULT",
    "LENGTH_LOW_DEFAULT",
    "MAX_HEADING_DISTANCE_DEFAULT",
    "MAX_LINK_DENSITY_DEFAULT",
    "NO_HEADINGS_DEFAULT",
    "STOPWORDS_HIGH_DEFAULT",
    "STOPWORDS_LOW_DEFAULT",
    "JustextError",
    "Paragraph",
    "get_stoplist",
    "get_stoplists",
    "justext",
]
