"""The SDK's errors, named as in the SDKs developers already use (openai-python, stripe)::

    ConduitError
    +-- APIConnectionError          no answer (refused, reset, DNS)
    |   +-- APITimeoutError         no answer within the timeout
    +-- APIStatusError              an answer that is not a success
        +-- BadRequestError            400
        +-- AuthenticationError        401
        +-- InsufficientCreditsError   402 (INSUFFICIENT_CREDITS, KEY_SPEND_LIMIT, PRICE_ABOVE_MAX)
        +-- PermissionDeniedError      403
        +-- NotFoundError              404
        +-- ConflictError              409
        +-- RateLimitError             429
        +-- UpstreamError              5xx
"""

from __future__ import annotations

from typing import Any, Dict, Mapping, Optional, Type


class ConduitError(Exception):
    """Every error of the SDK."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class APIConnectionError(ConduitError):
    """The server could not be reached, or the connection broke before an answer."""

    def __init__(self, message: str = "Connection error.", *, url: Optional[str] = None) -> None:
        super().__init__(message)
        self.url = url


class APITimeoutError(APIConnectionError):
    """No answer within the timeout (``timeout=`` of the client or of the call)."""

    def __init__(self, message: str = "Request timed out.", *, url: Optional[str] = None) -> None:
        super().__init__(message, url=url)


def _text(fields: Mapping[str, Any], key: str) -> Optional[str]:
    value = fields.get(key)
    return value if isinstance(value, str) else None


def _count(fields: Mapping[str, Any], key: str) -> Optional[int]:
    value = fields.get(key)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _seconds(*candidates: Any) -> Optional[float]:
    for candidate in candidates:
        try:
            seconds = float(candidate) if candidate is not None else None
        except (TypeError, ValueError):
            seconds = None
        if seconds is not None and seconds > 0:
            return seconds
    return None


class APIStatusError(ConduitError):
    """An answer of the API that is not a success.

    ``status`` is the HTTP status; ``code`` the API's machine code (``INSUFFICIENT_CREDITS``,
    ``RATE_LIMITED``, ``KEY_SCOPE``...), or ``HTTP_ERROR`` when the body is not the API's (a proxy's
    error page). Each field of the error body is an attribute (None when the answer has none);
    ``body`` is the parsed body and ``headers`` the answer's headers (lower-case names).
    """

    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        *,
        body: Any = None,
        headers: Optional[Mapping[str, str]] = None,
    ) -> None:
        super().__init__(message)
        fields: Mapping[str, Any] = body if isinstance(body, dict) else {}
        answer_headers: Dict[str, str] = {name.lower(): value for name, value in (headers or {}).items()}
        self.status = status
        self.status_code = status
        self.code = code
        self.body = body
        self.headers = answer_headers
        #: Quote it to support; also in the X-Request-Id header.
        self.request_id = _text(fields, "requestId") or answer_headers.get("x-request-id")
        #: 429 (and a retriable 409/503): seconds to wait (the Retry-After header, else the body's).
        self.retry_after = _seconds(answer_headers.get("retry-after"), fields.get("retryAfter"))
        #: 400: the offending field.
        self.field = _text(fields, "field")
        #: 402 INSUFFICIENT_CREDITS: what the call costs and what the account has.
        self.required = _count(fields, "required")
        self.available = _count(fields, "available")
        #: 402 PRICE_ABOVE_MAX: the ``max_credits`` the call was sent with (``required`` is the price).
        self.max_credits = _count(fields, "maxCredits")
        #: 402 KEY_SPEND_LIMIT: the key's limit, what it spent, the period and when it resets.
        self.limit = _count(fields, "limit")
        self.spent = _count(fields, "spent")
        self.period = _text(fields, "period")
        self.resets_at = _text(fields, "resetsAt")
        #: 502: the failed task and the credits given back; 409 on a cancel: the settled task.
        self.task_id = _text(fields, "taskId")
        self.credits_refunded = _count(fields, "creditsRefunded")
        #: 409 on a cancel: the status the task settled in.
        self.task_status = _text(fields, "taskStatus")

    def __str__(self) -> str:
        text = f"{self.code} ({self.status}): {self.message}"
        if self.retry_after is not None:
            text += f" (retry after {self.retry_after:g} s)"
        if self.request_id:
            text += f" [request {self.request_id}]"
        return text


class BadRequestError(APIStatusError):
    """400: the request is not valid (``field`` names the part)."""


class AuthenticationError(APIStatusError):
    """401: no key, a wrong key, or an expired one."""


class InsufficientCreditsError(APIStatusError):
    """402: the balance (``required``/``available``) or the key's spend limit (``limit``...) has no room."""


class PermissionDeniedError(APIStatusError):
    """403: the key may not call this service, or not from this address."""


class NotFoundError(APIStatusError):
    """404: no such task of yours."""


class ConflictError(APIStatusError):
    """409: the Idempotency-Key was used with another request."""


class RateLimitError(APIStatusError):
    """429: too many requests; ``retry_after`` says how long to wait."""


class UpstreamError(APIStatusError):
    """5xx: the work failed (502, refunded: ``task_id``, ``credits_refunded``) or the server did."""


_BY_STATUS: Dict[int, Type[APIStatusError]] = {
    400: BadRequestError,
    401: AuthenticationError,
    402: InsufficientCreditsError,
    403: PermissionDeniedError,
    404: NotFoundError,
    409: ConflictError,
    429: RateLimitError,
}


def error_from_answer(status: int, body: Any, headers: Mapping[str, str]) -> APIStatusError:
    """The exception of a failed answer: its class from the status, its fields from the body."""
    fields: Mapping[str, Any] = body if isinstance(body, dict) else {}
    cls = _BY_STATUS.get(status) or (UpstreamError if status >= 500 else APIStatusError)
    code = _text(fields, "code") or "HTTP_ERROR"
    message = _text(fields, "error") or f"HTTP error! status: {status}"
    return cls(status, code, message, body=body, headers=headers)


class WaitTimeout(ConduitError):
    """``wait_for_task`` reached its deadline while the task was still processing (it keeps running)."""

    def __init__(self, task: Any) -> None:
        super().__init__(f"Task {task.task_id} is still processing after the wait; check it later")
        self.task = task


class WebhookVerificationError(Exception):
    """A webhook call whose signature or timestamp does not check out: refuse it."""
