"""The one error class of the SDK: any answer of the API that is not a success."""

from __future__ import annotations

from typing import Any, Mapping, Optional


class ConduitError(Exception):
    """An error answer of the API (or no answer at all: status 0, code ``NETWORK_ERROR``).

    ``code`` is the API's machine code (``INSUFFICIENT_CREDITS``, ``RATE_LIMITED``, ``KEY_SCOPE``...),
    or ``HTTP_ERROR`` when the body is not the API's (a proxy's error page).
    """

    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        *,
        request_id: Optional[str] = None,
        retry_after: Optional[float] = None,
        field: Optional[str] = None,
        required: Optional[int] = None,
        available: Optional[int] = None,
        task_id: Optional[str] = None,
        credits_refunded: Optional[int] = None,
        body: Any = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        #: Quote it to support; also in the X-Request-Id header.
        self.request_id = request_id
        #: 429: seconds to wait before the next request (the Retry-After header).
        self.retry_after = retry_after
        #: 400: the offending field.
        self.field = field
        #: 402: what the call costs and what the account has.
        self.required = required
        self.available = available
        #: 502: the failed task and the credits given back.
        self.task_id = task_id
        self.credits_refunded = credits_refunded
        #: The parsed body as the API sent it (other codes' own fields are there too).
        self.body = body

    def __str__(self) -> str:
        text = f"{self.code} ({self.status}): {self.message}"
        if self.retry_after is not None:
            text += f" (retry after {self.retry_after:g} s)"
        if self.request_id:
            text += f" [request {self.request_id}]"
        return text

    @classmethod
    def from_answer(cls, status: int, body: Any, headers: Mapping[str, str]) -> "ConduitError":
        fields: Mapping[str, Any] = body if isinstance(body, dict) else {}

        def text(key: str) -> Optional[str]:
            value = fields.get(key)
            return value if isinstance(value, str) else None

        def count(key: str) -> Optional[int]:
            value = fields.get(key)
            return value if isinstance(value, int) and not isinstance(value, bool) else None

        retry_after: Optional[float] = None
        header = headers.get("retry-after")
        for candidate in (header, fields.get("retryAfter")):
            try:
                seconds = float(candidate) if candidate is not None else None
            except (TypeError, ValueError):
                seconds = None
            if seconds is not None and seconds > 0:
                retry_after = seconds
                break
        return cls(
            status,
            text("code") or "HTTP_ERROR",
            text("error") or f"HTTP error! status: {status}",
            request_id=text("requestId") or headers.get("x-request-id"),
            retry_after=retry_after,
            field=text("field"),
            required=count("required"),
            available=count("available"),
            task_id=text("taskId"),
            credits_refunded=count("creditsRefunded"),
            body=body,
        )


class WaitTimeout(Exception):
    """``wait_for_task`` reached its deadline while the task was still processing (it keeps running)."""

    def __init__(self, task: Any) -> None:
        super().__init__(f"Task {task.task_id} is still processing after the wait; check it later")
        self.task = task


class WebhookVerificationError(Exception):
    """A webhook call whose signature or timestamp does not check out: refuse it."""
