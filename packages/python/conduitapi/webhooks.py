"""Checking the signed calls a ``call_back_url`` receives (Standard Webhooks)."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import time
from typing import Any, Dict, Mapping, Optional, Union

from .errors import WebhookVerificationError
from .models import AccountEvent, AnyEvent, WebhookEvent, event_from_dict, from_dict

SECRET_PREFIX = "whsec_"
DEFAULT_TOLERANCE_S = 300


def _header(headers: Mapping[str, str], name: str) -> str:
    for key, value in headers.items():
        if key.lower() == name:
            return value
    raise WebhookVerificationError(f"Missing {name} header")


def sign_webhook(secret: str, message_id: str, timestamp: int, payload: Union[bytes, str]) -> str:
    """The ``v1,<base64>`` signature of a call: what Conduit sends and ``verify_webhook`` recomputes."""
    body = payload.encode() if isinstance(payload, str) else payload
    key = base64.b64decode(secret[len(SECRET_PREFIX) :] if secret.startswith(SECRET_PREFIX) else secret)
    signed = f"{message_id}.{timestamp}.".encode() + body
    return "v1," + base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode()


def verify_webhook(
    payload: Union[bytes, str],
    headers: Mapping[str, str],
    secret: str,
    *,
    tolerance: int = DEFAULT_TOLERANCE_S,
    now: Optional[float] = None,
) -> WebhookEvent:
    """Checks a webhook call and answers its event; raises ``WebhookVerificationError`` otherwise.

    ``payload`` is the raw body as received (before any JSON parsing), ``headers`` the request's
    headers (any case), ``secret`` the ``whsec_...`` signing secret from the API Keys page. The
    ``webhook-signature`` header may hold several space-separated signatures (while a secret is
    being rotated, calls are signed with both): one that matches is enough. Calls whose timestamp
    is more than ``tolerance`` seconds away from now are refused, so a captured call cannot be
    replayed later.
    """
    return from_dict(WebhookEvent, _verified(payload, headers, secret, tolerance, now))


def verify_event(
    payload: Union[bytes, str],
    headers: Mapping[str, str],
    secret: str,
    *,
    tolerance: int = DEFAULT_TOLERANCE_S,
    now: Optional[float] = None,
) -> AnyEvent:
    """As ``verify_webhook``, for any event the workspace's webhook endpoint may receive (a task's,
    ``balance.low``, ``payment.succeeded``, ``auto_topup.failed``, ``key.expiring``, ``webhook.test``):
    its dataclass tells which. A type this SDK does not know raises ``WebhookVerificationError``."""
    event = _verified(payload, headers, secret, tolerance, now)
    typed = event_from_dict(event)
    if typed is None:
        raise WebhookVerificationError(f"Not an event type this SDK knows: {event.get('type')!r}")
    return typed


def verify_account_event(
    payload: Union[bytes, str],
    headers: Mapping[str, str],
    secret: str,
    *,
    tolerance: int = DEFAULT_TOLERANCE_S,
    now: Optional[float] = None,
) -> AccountEvent:
    """As ``verify_event``, for the account events only (``balance.low``, ``payment.succeeded``,
    ``auto_topup.failed``, ``key.expiring``, ``webhook.test``); a task's event raises
    ``WebhookVerificationError``."""
    event = verify_event(payload, headers, secret, tolerance=tolerance, now=now)
    if isinstance(event, WebhookEvent):
        raise WebhookVerificationError(f"Not an account event: {event.type!r}")
    return event


def _verified(
    payload: Union[bytes, str], headers: Mapping[str, str], secret: str, tolerance: int, now: Optional[float]
) -> Dict[str, Any]:
    message_id = _header(headers, "webhook-id")
    timestamp_text = _header(headers, "webhook-timestamp")
    signatures = _header(headers, "webhook-signature").split()
    try:
        timestamp = int(timestamp_text)
    except ValueError:
        raise WebhookVerificationError("Invalid webhook-timestamp header") from None
    current = time.time() if now is None else now
    if abs(current - timestamp) > tolerance:
        raise WebhookVerificationError("Webhook timestamp is too old or too new")
    expected = sign_webhook(secret, message_id, timestamp, payload).encode()
    if not any(hmac.compare_digest(expected, candidate.encode()) for candidate in signatures):
        raise WebhookVerificationError("No matching webhook signature")
    body = payload.decode() if isinstance(payload, bytes) else payload
    event = json.loads(body)
    if not isinstance(event, dict):
        raise WebhookVerificationError("The webhook body is not a JSON object")
    return event
