"""Cursor pagination, shared by the ``iter_*`` helpers of both clients.

``fetch(cursor)`` reads one page (``None`` for the first) and answers its items and the cursor of
the next page (``None`` on the last); the helpers yield the items page after page, at most
``max_pages`` pages (``None``: all of them).
"""

from __future__ import annotations

from typing import AsyncIterator, Awaitable, Callable, Iterator, Optional, Sequence, Tuple, TypeVar

T = TypeVar("T")
Chunk = Tuple[Sequence[T], Optional[str]]


def paginate(fetch: Callable[[Optional[str]], Chunk[T]], max_pages: Optional[int]) -> Iterator[T]:
    cursor: Optional[str] = None
    pages = 0
    while max_pages is None or pages < max_pages:
        items, cursor = fetch(cursor)
        pages += 1
        yield from items
        if not cursor:
            return


async def apaginate(
    fetch: Callable[[Optional[str]], Awaitable[Chunk[T]]], max_pages: Optional[int]
) -> AsyncIterator[T]:
    cursor: Optional[str] = None
    pages = 0
    while max_pages is None or pages < max_pages:
        items, cursor = await fetch(cursor)
        pages += 1
        for item in items:
            yield item
        if not cursor:
            return
