"""``client.with_raw_response``: each endpoint method, answering the raw ``APIResponse``."""

from __future__ import annotations

from typing import TypeVar

from ._async_base import AsyncBase
from ._methods import Endpoints
from ._response import APIResponse
from ._sync_base import SyncBase
from ._transport import Call

T = TypeVar("T")


class ConduitWithRawResponse(Endpoints):
    """The endpoint methods of ``Conduit``, each answering its ``APIResponse``."""

    _answers_raw = True

    def __init__(self, client: SyncBase) -> None:
        self._client = client

    def _run(self, call: Call[T]) -> APIResponse[T]:
        return self._client._exchange(call)


class AsyncConduitWithRawResponse(Endpoints):
    """The endpoint methods of ``AsyncConduit``, each answering its ``APIResponse``."""

    _answers_raw = True

    def __init__(self, client: AsyncBase) -> None:
        self._client = client

    async def _run(self, call: Call[T]) -> APIResponse[T]:
        return await self._client._exchange(call)
