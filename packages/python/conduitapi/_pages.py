"""Cursor pagination, shared by the ``iter_*`` helpers of both clients.

``fetch(cursor)`` reads one page (``None`` for the first) and answers its items and the cursor of
the next page (``None`` on the last); the helpers yield the items page after page, at most
``max_pages`` pages (``None``: all of them). A helper of ``_calls`` answers its ``Pages``: the call
that reads a page and where a page keeps its items and the next cursor; each client runs them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import AsyncIterator, Awaitable, Callable, Generic, Iterator, Optional, Sequence, Tuple, TypeVar

from ._transport import Call

T = TypeVar("T")
PageT = TypeVar("PageT")
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


@dataclass(frozen=True)
class Pages(Generic[PageT, T]):
    """What an ``iter_*`` helper reads: ``call(cursor)`` is the call of a page, ``chunk(page)`` its
    items and the next page's cursor, at most ``max_pages`` pages."""

    call: Callable[[Optional[str]], Call[PageT]]
    chunk: Callable[[PageT], Chunk[T]]
    max_pages: Optional[int]

    def items(self, run: Callable[[Call[PageT]], PageT]) -> Iterator[T]:
        """The items, each page read by ``run`` (a client's ``_run``)."""
        return paginate(lambda cursor: self.chunk(run(self.call(cursor))), self.max_pages)

    def async_items(self, run: Callable[[Call[PageT]], Awaitable[PageT]]) -> AsyncIterator[T]:
        """The items, each page read by awaiting ``run`` (an asynchronous client's ``_run``)."""

        async def fetch(cursor: Optional[str]) -> Chunk[T]:
            return self.chunk(await run(self.call(cursor)))

        return apaginate(fetch, self.max_pages)
