"""htmldate 1.11.0's public surface under ``turbohtml.compat.htmldate``, with the module
paths users import (``htmldate.core``, ``htmldate.utils``, ``htmldate.validators``).

    from turbohtml.compat.htmldate import find_date
    find_date(html, original_date=True, url="https://example.org/2024/05/01/story")

See docs/migration/htmldate.md.
"""

from turbohtml.compat import MIRRORED
from turbohtml.compat.htmldate.core import find_date

__version__ = MIRRORED["htmldate"]

__all__ = ["find_date"]
