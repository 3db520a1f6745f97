"""``AsyncConduit``: the same methods as ``Conduit``, to ``await`` (standard library only).

Each attempt's blocking exchange runs in a worker thread (``asyncio.to_thread``), so the event
loop stays free; waits between retries and status reads are ``asyncio.sleep``. The methods are
defined once, in ``_calls``, for both clients.
"""

from __future__ import annotations

from ._async_base import AsyncBase
from ._methods import Client
from ._raw import AsyncConduitWithRawResponse


class AsyncConduit(AsyncBase, Client):
    """The asynchronous client: ``await conduit.generate_image(...)``. Options as ``Conduit``'s."""

    @property
    def with_raw_response(self) -> AsyncConduitWithRawResponse:
        """The same methods, answering ``APIResponse`` (status, headers, ``parse()``)."""
        return AsyncConduitWithRawResponse(self)
