"""An HTTP answer as the SDK received it: status, headers, body, and the parsed result."""

from __future__ import annotations

import json
from typing import Any, Dict, Generic, Optional, TypeVar, cast

T = TypeVar("T")


class APIResponse(Generic[T]):
    """The raw answer of a call (``client.with_raw_response.<method>(...)``); ``parse()`` is the result."""

    def __init__(self, status_code: int, headers: Dict[str, str], content: bytes) -> None:
        self.status_code = status_code
        #: Header names in lower case.
        self.headers: Dict[str, str] = {name.lower(): value for name, value in headers.items()}
        self.content = content
        #: Attempts after the first one this answer needed.
        self.retries_taken = 0
        self._parsed: Optional[T] = None

    @property
    def request_id(self) -> Optional[str]:
        return self.headers.get("x-request-id")

    @property
    def api_version(self) -> Optional[str]:
        """The API version the answer was written in (``Conduit-Version``)."""
        return self.headers.get("conduit-version")

    @property
    def credits_charged(self) -> Optional[int]:
        """Credits the call's task was charged (a replay charges nothing more); None on free calls."""
        return _integer(self.headers.get("x-credits-charged"))

    @property
    def credits_refunded(self) -> Optional[int]:
        """Credits given back for the call (a failed, canceled or aborted task); None on free calls."""
        return _integer(self.headers.get("x-credits-refunded"))

    @property
    def credits_remaining(self) -> Optional[int]:
        """The workspace's balance after the call (refunds included); None on free calls."""
        return _integer(self.headers.get("x-credits-remaining"))

    @property
    def idempotent_replayed(self) -> Optional[bool]:
        """Whether this answer replays an earlier call with the same Idempotency-Key."""
        return self.headers.get("idempotent-replayed") == "true"

    def json(self) -> Any:
        return json.loads(self.content)

    def parse(self) -> T:
        return cast(T, self._parsed)


def _integer(value: Optional[str]) -> Optional[int]:
    try:
        return int(value) if value is not None else None
    except ValueError:
        return None


def with_parsed(response: APIResponse[Any], parsed: T) -> APIResponse[T]:
    """The answer, with what ``parse()`` answers."""
    response._parsed = parsed
    return response
