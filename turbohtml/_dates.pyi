from turbohtml._core import Document

def gather(
    doc: Document,
) -> tuple[
    str | None,
    list[tuple[int, str, str]],
    list[str],
    list[tuple[str | None, str | None, str | None, str]],
    list[tuple[str | None, str | None, str | None, str]],
    list[tuple[str, str | None]],
    list[str],
    list[str],
    bytes,
]: ...
