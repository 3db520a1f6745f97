"""``Conduit``: the Conduit public API, one method per endpoint (method name = the operationId in
snake_case). The methods are defined once, in ``_calls``, for both clients."""

from __future__ import annotations

from ._methods import Client
from ._raw import ConduitWithRawResponse
from ._sync_base import SyncBase


class Conduit(SyncBase, Client):
    """A client of the Conduit API.

    ``api_key`` and ``base_url`` default to the ``CONDUIT_API_KEY`` and ``CONDUIT_BASE_URL``
    environment variables. Failed attempts are retried ``max_retries`` times (see ``_transport``);
    every paid call carries an ``Idempotency-Key`` (yours, or one made for the call), so a retry
    never charges twice. Each method takes ``timeout=`` (seconds) for that call alone.
    """

    @property
    def with_raw_response(self) -> ConduitWithRawResponse:
        """The same methods, answering ``APIResponse`` (status, headers, ``parse()``)."""
        return ConduitWithRawResponse(self)
