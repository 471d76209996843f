"""One misuse mypy must report (tests/test_typing.py): proof the type gate reads the package's types."""

import turbohtml

size: int = turbohtml.parse("<p>x</p>").title
