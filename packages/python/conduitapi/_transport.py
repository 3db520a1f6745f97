"""One HTTP exchange and the retry policy, shared by ``Conduit`` and ``AsyncConduit``.

The policy follows openai-python's ``_base_client``: retry a connection error, a timeout, 408,
429, 5xx and a 409 that says to come back (``Retry-After``), at most ``max_retries`` times (2 by
default), waiting what ``Retry-After`` asks (up to 60 s) or 0.5 s doubling to 8 s, less up to a
quarter at random. A server's ``x-should-retry: true/false`` overrides the status. A paid call
keeps the same ``Idempotency-Key`` on every attempt, so a retry is never charged twice.
"""

from __future__ import annotations

import email.utils
import json
import os
import random
import socket
import time
import urllib.error
import urllib.request
import uuid
from dataclasses import dataclass, field, replace
from typing import Any, Dict, Generic, Mapping, Optional, Tuple, Type, TypeVar

from ._response import APIResponse
from ._version import API_VERSION, __version__
from .errors import APIConnectionError, APITimeoutError, error_from_answer
from .models import from_dict

T = TypeVar("T")

DEFAULT_MAX_RETRIES = 2
#: The sync endpoints wait up to 150 s on the server; the socket waits a little longer.
DEFAULT_TIMEOUT_S = 180.0
INITIAL_RETRY_DELAY_S = 0.5
MAX_RETRY_DELAY_S = 8.0
#: A longer Retry-After than this is not waited for: the error is raised instead.
MAX_RETRY_AFTER_S = 60.0
RETRIABLE_STATUSES = {408, 429}


@dataclass(frozen=True)
class Call(Generic[T]):
    """One endpoint call: what to send and what the answer's ``data`` becomes."""

    method: str
    path: str
    answer: Type[T]
    body: Optional[Dict[str, Any]] = None
    #: Paid calls carry an Idempotency-Key on every attempt (generated when none was given).
    is_paid: bool = False
    idempotency_key: Optional[str] = None
    timeout: Optional[float] = None
    headers: Dict[str, str] = field(default_factory=dict)
    #: The answer is a page (``data`` is a list, beside ``nextCursor``): ``answer`` is built from the whole body.
    is_page: bool = False
    #: A file sent as the multipart field ``file`` (name, bytes) instead of a JSON body (uploads).
    file: Optional[Tuple[str, bytes]] = None

    def with_key(self) -> "Call[T]":
        """The call with its Idempotency-Key fixed once, before the first attempt."""
        if not self.is_paid or self.idempotency_key:
            return self
        return replace(self, idempotency_key=f"conduit-python-retry-{uuid.uuid4()}")


@dataclass(frozen=True)
class Settings:
    api_key: str
    base_url: str
    timeout: float
    max_retries: int
    api_version: str = API_VERSION


def build_request(settings: Settings, call: Call[Any]) -> urllib.request.Request:
    headers = {
        "X-API-Key": settings.api_key,
        "Accept": "application/json",
        "User-Agent": f"conduitapi-python/{__version__}",
        "Conduit-Version": settings.api_version,
        **call.headers,
    }
    data = None
    if call.body is not None:
        headers["Content-Type"] = "application/json"
        data = json.dumps(call.body).encode()
    if call.file is not None:
        boundary = f"conduit-{uuid.uuid4().hex}"
        name, content = call.file
        safe_name = name.replace('"', "").replace("\r", "").replace("\n", "")
        head = (
            f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="{safe_name}"\r\n'
            "Content-Type: application/octet-stream\r\n\r\n"
        ).encode()
        data = head + content + f"\r\n--{boundary}--\r\n".encode()
        headers["Content-Type"] = f"multipart/form-data; boundary={boundary}"
    if call.idempotency_key:
        headers["Idempotency-Key"] = call.idempotency_key
    return urllib.request.Request(settings.base_url + call.path, data=data, method=call.method, headers=headers)


def send_once(request: urllib.request.Request, timeout: float) -> APIResponse[None]:
    """One attempt: the answer whatever its status, or APIConnectionError/APITimeoutError."""
    url = request.full_url
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            return APIResponse(answer.status, dict(answer.headers.items()), answer.read())
    except urllib.error.HTTPError as error:
        return APIResponse(error.code, dict(error.headers.items()), error.read())
    except (socket.timeout, TimeoutError) as error:
        raise APITimeoutError(f"No answer from {url} within {timeout:g} s", url=url) from error
    except urllib.error.URLError as error:
        if isinstance(error.reason, (socket.timeout, TimeoutError)):
            raise APITimeoutError(f"No answer from {url} within {timeout:g} s", url=url) from error
        raise APIConnectionError(f"Could not reach {url}: {error.reason}", url=url) from error
    except OSError as error:
        raise APIConnectionError(f"Connection to {url} failed: {error}", url=url) from error


def should_retry(response: APIResponse[Any]) -> bool:
    told = response.headers.get("x-should-retry")
    if told == "true":
        return True
    if told == "false":
        return False
    if response.status_code == 409:
        # A conflict that will pass (work in progress) says when to come back; a reused key does not.
        return "retry-after" in response.headers
    return response.status_code in RETRIABLE_STATUSES or response.status_code >= 500


def _retry_after_s(headers: Mapping[str, str]) -> Optional[float]:
    milliseconds = headers.get("retry-after-ms")
    if milliseconds:
        try:
            return float(milliseconds) / 1000
        except ValueError:
            pass
    value = headers.get("retry-after")
    if not value:
        return None
    try:
        return float(value)
    except ValueError:
        moment = email.utils.parsedate_to_datetime(value) if value else None
        return moment.timestamp() - time.time() if moment else None


def retry_delay_s(retries_taken: int, headers: Optional[Mapping[str, str]] = None) -> float:
    asked = _retry_after_s(headers or {})
    if asked is not None and 0 < asked <= MAX_RETRY_AFTER_S:
        return asked
    delay = min(INITIAL_RETRY_DELAY_S * 2.0**retries_taken, MAX_RETRY_DELAY_S)
    return delay * (1 - 0.25 * random.random())


def decode_body(content: bytes) -> Any:
    """JSON as parsed; anything else (a proxy's error page) as text."""
    try:
        return json.loads(content) if content else None
    except ValueError:
        return content.decode("utf-8", "replace")


def parse(call: Call[T], response: APIResponse[Any]) -> T:
    """The answer's ``data`` as the call's dataclass, or the error the answer is."""
    body = decode_body(response.content)
    if not 200 <= response.status_code < 300:
        raise error_from_answer(response.status_code, body, response.headers)
    if call.is_page and isinstance(body, dict) and isinstance(body.get("data"), list):
        return from_dict(call.answer, body)
    if not isinstance(body, dict) or not isinstance(body.get("data"), dict):
        raise error_from_answer(response.status_code, body, response.headers)
    return from_dict(call.answer, body["data"])


def settings_of(
    api_key: Optional[str], base_url: Optional[str], timeout: float, max_retries: int, api_version: str
) -> Settings:
    key = api_key or os.environ.get("CONDUIT_API_KEY")
    url = base_url or os.environ.get("CONDUIT_BASE_URL")
    if not key:
        raise ValueError("Conduit needs an api_key (or the CONDUIT_API_KEY environment variable)")
    if not url:
        raise ValueError("Conduit needs a base_url (or the CONDUIT_BASE_URL environment variable)")
    return Settings(key, url.rstrip("/"), timeout, max_retries, api_version)
