"""What the API answers, as dataclasses: the API's camelCase fields in snake_case.

A test reads the server's OpenAPI document and fails when one of its answer fields has no
counterpart here, so these cannot drift from the API.
"""

from __future__ import annotations

import dataclasses
import os
import re
import sys
import typing
from dataclasses import dataclass
from typing import Any, Dict, List, Literal, Optional, Type, TypeVar, Union, cast

#: ``processing``, then ``completed``, ``failed``, ``canceled`` (at your request) or ``aborted``
#: (not started before its ``cancel_after``); the last three are refunded.
TaskStatus = Literal["processing", "completed", "failed", "canceled", "aborted"]
Service = Literal["image", "video", "sora", "linkedin"]
#: What a cancel did: ``canceled`` (stopped, refunded now), ``cancel_requested`` (refunded when the
#: upstream confirms) or ``continues`` (the upstream cannot stop it: it runs on and stays charged).
CancelOutcome = Literal["canceled", "cancel_requested", "continues"]
#: The request enums of the API (a test compares them with the OpenAPI document: each is every
#: value any model takes under that name).
ImageSize = Literal["1:1", "9:16", "16:9", "3:4", "4:3", "3:2", "2:3", "5:4", "4:5", "21:9", "auto"]
#: ``jpeg`` for nano-banana, ``jpg`` for nano-banana-pro.
ImageFormat = Literal["png", "jpeg", "jpg"]
#: The image models (``list_models`` gives the enabled ones with their prices); nano-banana by default.
ImageModel = Literal["nano-banana", "nano-banana-pro", "seedream-4.5", "gpt-image-1.5", "imagen4", "imagen4-fast"]
#: The video models; ``fast`` by default (``fast`` and ``standard`` are Veo 3.1).
VideoModel = Literal["fast", "standard", "kling-2.6", "seedance-1-pro", "wan-2.6", "hailuo-02-pro"]
#: Veo takes 16:9, 9:16 and Auto; kling-2.6 and seedance-1-pro their own (see ``list_models``).
VideoAspectRatio = Literal["16:9", "9:16", "Auto", "1:1", "21:9", "4:3", "3:4"]
#: Which of a task's events its ``call_back_url`` receives (``webhook_events``); without it, the
#: ones of its end: ``completed``, ``failed``, ``canceled``.
WebhookEventFilter = Literal["started", "completed", "failed", "canceled"]
TaskEventType = Literal["task.started", "task.completed", "task.failed", "task.canceled"]
AccountEventType = Literal["balance.low", "payment.succeeded", "auto_topup.failed", "key.expiring"]
#: Every event a workspace's webhooks carry and ``list_events`` lists.
EventType = Literal[
    "task.started", "task.completed", "task.failed", "task.canceled",
    "balance.low", "payment.succeeded", "auto_topup.failed", "key.expiring", "webhook.test",
]
RequestMethod = Literal["GET", "POST", "PUT", "PATCH", "DELETE"]

T = TypeVar("T")


def snake_case(name: str) -> str:
    """``creditsUsed`` -> ``credits_used``, ``failuresInARow`` -> ``failures_in_a_row``; names already
    in snake_case stay as they are."""
    return re.sub(r"(?<=[a-z0-9])([A-Z])|(?<=[A-Z])([A-Z])(?=[a-z])", r"_\1\2", name).lower()


@dataclass(frozen=True, kw_only=True)
class EngineInfo:
    engine: str
    #: True on the local engine, a development stand-in for the real models.
    is_development_engine: bool


@dataclass(frozen=True, kw_only=True)
class Task:
    """The fields every task answer has."""

    task_id: str
    status: TaskStatus
    message: str
    #: What the call costs now: charged minus refunded.
    credits_used: int
    timestamp: str
    engine: EngineInfo
    #: Which service the task belongs to.
    service: Optional[Service] = None
    #: Charged when the task was created.
    credits_charged: Optional[int] = None
    #: Given back because the task failed, was canceled or aborted.
    credits_refunded: Optional[int] = None
    #: The service's maximum duration: not settled by then, the task fails and is refunded.
    deadline_at: Optional[str] = None
    #: When a cancel was asked of the upstream; the task settles canceled once it confirms.
    cancel_requested_at: Optional[str] = None
    completed_at: Optional[str] = None
    processing_time: Optional[float] = None
    #: Path of the status endpoint, while processing.
    status_url: Optional[str] = None
    #: Why a failed task failed.
    error: Optional[str] = None
    #: The call's metadata as it was sent; empty when none.
    metadata: Dict[str, str] = dataclasses.field(default_factory=dict)
    #: False for a test key's call (free, run by the development engine, seen by test keys only).
    livemode: Optional[bool] = None

    @property
    def is_done(self) -> bool:
        return self.status != "processing"


@dataclass(frozen=True, kw_only=True)
class ImageTask(Task):
    result_urls: Optional[List[str]] = None
    #: With result URLs: when the files are deleted (their URLs answer 410 from then on).
    expires_at: Optional[str] = None


@dataclass(frozen=True, kw_only=True)
class VideoTask(Task):
    """Video generation and Sora watermark removal: both produce videos."""

    video_urls: Optional[List[str]] = None
    result_urls: Optional[List[str]] = None
    expires_at: Optional[str] = None


@dataclass(frozen=True, kw_only=True)
class LinkedinAuthor:
    name: str
    username: str
    headline: Optional[str] = None


@dataclass(frozen=True, kw_only=True)
class LinkedinPostStats:
    likes: int
    comments: int
    reposts: int
    reactions: Optional[Dict[str, int]] = None


@dataclass(frozen=True, kw_only=True)
class LinkedinMedia:
    type: str
    url: str


@dataclass(frozen=True, kw_only=True)
class LinkedinPost:
    id: str
    url: str
    text: str
    posted_at: str
    author: LinkedinAuthor
    stats: LinkedinPostStats
    media: Optional[List[LinkedinMedia]] = None


@dataclass(frozen=True, kw_only=True)
class LinkedinProfile:
    username: str
    name: str
    profile_url: str
    headline: Optional[str] = None
    location: Optional[str] = None
    followers: Optional[int] = None
    connections: Optional[int] = None
    email: Optional[str] = None
    website: Optional[str] = None


@dataclass(frozen=True, kw_only=True)
class LinkedinTask(Task):
    profile: Optional[LinkedinProfile] = None
    posts: Optional[List[LinkedinPost]] = None
    #: Pass as ``pagination_token`` for the next page; None on the last.
    pagination_token: Optional[str] = None


@dataclass(frozen=True, kw_only=True)
class AnyTask(Task):
    """A task of any service, as ``list_tasks`` and ``get_task`` answer it."""

    result_urls: Optional[List[str]] = None
    #: Video and Sora tasks.
    video_urls: Optional[List[str]] = None
    expires_at: Optional[str] = None
    #: LinkedIn tasks.
    profile: Optional[LinkedinProfile] = None
    posts: Optional[List[LinkedinPost]] = None
    pagination_token: Optional[str] = None


@dataclass(frozen=True, kw_only=True)
class TaskPage:
    """A page of ``list_tasks``, newest first."""

    data: List[AnyTask]
    #: Pass as ``cursor`` for the next page; None on the last.
    next_cursor: Optional[str] = None


@dataclass(frozen=True, kw_only=True)
class RequestLogItem:
    """One request of the request log, accepted or refused."""

    #: The ``X-Request-Id`` of the answer.
    request_id: str
    #: When the request arrived.
    at: str
    method: RequestMethod
    #: The route called, parameters as placeholders: ``/api/provider/video/status/:taskId``.
    endpoint: str
    #: The HTTP status answered.
    status: int
    #: Milliseconds from the request to the end of the answer.
    duration_ms: float
    key_id: str
    key_name: str
    #: The address the request came from.
    ip: str
    #: The paid service of the endpoint; None for account endpoints.
    service: Optional[Service] = None
    #: The error code answered; None for a success.
    code: Optional[str] = None
    #: The error message answered; None for a success.
    error: Optional[str] = None
    #: The task the request created or named.
    task_id: Optional[str] = None
    #: A paid call's metadata; empty for the others.
    metadata: Dict[str, str] = dataclasses.field(default_factory=dict)


@dataclass(frozen=True, kw_only=True)
class RequestLogPage:
    """A page of ``list_requests``, newest first."""

    data: List[RequestLogItem]
    #: Pass as ``cursor`` for the next page; None on the last.
    next_cursor: Optional[str] = None


@dataclass(frozen=True, kw_only=True)
class MetadataSpend:
    """The calls and credits of one value of the grouped metadata key."""

    #: The key's value; None for the calls without the key.
    value: Optional[str]
    #: Calls made, failed and refunded ones included.
    calls: int
    #: Credits spent: charged less refunded.
    credits: int


@dataclass(frozen=True, kw_only=True)
class UsageReport:
    """``get_usage``: one row per value of the key, most credits first."""

    data: List[MetadataSpend]


@dataclass(frozen=True, kw_only=True)
class CancelResult:
    task_id: str
    #: The task status after the cancel.
    status: TaskStatus
    outcome: CancelOutcome
    #: Credits given back by this cancel (0 until a refund is made).
    credits_refunded: int
    #: What happens next, in words.
    message: str


@dataclass(frozen=True, kw_only=True)
class QuoteResult:
    #: What the call costs now.
    credits: int
    #: Pass as ``quote_id`` in the paid call to pay this price until ``expires_at``.
    quote_id: str
    expires_at: str


@dataclass(frozen=True, kw_only=True)
class Workspace:
    id: str
    kind: Literal["personal", "team"]
    #: The team's name; None for a personal workspace.
    name: Optional[str] = None


@dataclass(frozen=True, kw_only=True)
class RateLimits:
    per_minute: int
    per_hour: int
    per_day: int


@dataclass(frozen=True, kw_only=True)
class RemainingRequests:
    minute: int
    hour: int
    day: int


@dataclass(frozen=True, kw_only=True)
class SpendLimit:
    credits: int
    #: ``day`` and ``month`` start again at 00:00 UTC; ``total`` never does.
    period: Literal["day", "month", "total"]


@dataclass(frozen=True, kw_only=True)
class KeyControls:
    """The key's own controls, as set on the API Keys page."""

    #: The services the key may call.
    permissions: List[Service]
    #: Credits counted against the spend limit in the current period; 0 without one.
    spent: int
    #: Credits the key may spend per period; None for no limit.
    spend_limit: Optional[SpendLimit] = None
    #: When the current period ends; None for a total limit or none.
    spent_resets_at: Optional[str] = None
    #: The key's own requests per minute; None for none.
    rate_limit_per_minute: Optional[int] = None
    #: When the key stops working; None for never.
    expires_at: Optional[str] = None


@dataclass(frozen=True, kw_only=True)
class Account:
    key_name: str
    #: The workspace the key belongs to: its balance pays for the calls.
    workspace: Workspace
    #: Credits available.
    balance: int
    tier: Literal["free", "pro", "enterprise"]
    limits: RateLimits
    #: Requests left in each window, this one counted.
    remaining: RemainingRequests
    #: The key's own controls and what its budget has spent.
    key: KeyControls
    engine: EngineInfo
    #: False for a test key: its calls are free and it sees test data only.
    livemode: Optional[bool] = None


@dataclass(frozen=True, kw_only=True)
class ModelVariant:
    """A body value that changes a model's price (``duration=10, sound=True``) and that price."""

    #: The variant as quotes and tasks name it: ``10s-sound``, ``4K``; ``all`` for one price.
    variant: str
    label: str
    #: The body values that select it (defaults applied); empty for every body.
    when: Dict[str, Any]
    #: Price of one call of this variant in credits.
    credits: int


@dataclass(frozen=True, kw_only=True)
class CatalogueModel:
    """One model of ``list_models``: its id is the body's ``model``."""

    id: str
    service: Literal["image", "video"]
    name: str
    #: Price of one call in credits, of the model's default body.
    credits: int
    #: The service's model when a call names none.
    is_default: bool
    capabilities: List[str]
    #: The task fails and is refunded if not done within this many seconds.
    max_duration_s: int
    #: The model's body as JSON Schema (API names).
    request_schema: Dict[str, Any]
    #: The price of each body value that changes it, the default first (empty from a server
    #: older than per-variant prices).
    variants: List[ModelVariant] = dataclasses.field(default_factory=list)


#: What ``upload_file`` takes: a path on disk, or the file's bytes.
UploadSource = Union[str, "os.PathLike[str]", bytes]


@dataclass(frozen=True, kw_only=True)
class Upload:
    """An input file kept by ``upload_file``: pass ``url`` in ``image_urls`` until ``expires_at``."""

    id: str
    #: Signed, and working without a key until ``expires_at``.
    url: str
    #: Read from the file's bytes: ``image/png``, ``image/jpeg``, ``image/webp`` or ``video/mp4``.
    content_type: str
    bytes: int
    expires_at: str


@dataclass(frozen=True, kw_only=True)
class UploadList:
    """The workspace's unexpired uploads, ``list_uploads``."""

    data: List[Upload]


@dataclass(frozen=True, kw_only=True)
class DeletedUpload:
    id: str
    deleted: bool


@dataclass(frozen=True, kw_only=True)
class ModelList:
    """The enabled models, ``list_models``."""

    data: List[CatalogueModel]


@dataclass(frozen=True, kw_only=True)
class WebhookTask(Task):
    result_urls: Optional[List[str]] = None
    #: Video and Sora tasks.
    video_urls: Optional[List[str]] = None
    expires_at: Optional[str] = None


@dataclass(frozen=True, kw_only=True)
class WebhookEvent:
    """A task's event (``task.started``, ``task.completed``, ``task.failed``, ``task.canceled``): the
    body of a callBackUrl call once ``verify_webhook`` has checked it. An abort is ``task.failed``."""

    type: TaskEventType
    #: When the event happened (the same on every retry).
    timestamp: str
    data: WebhookTask


@dataclass(frozen=True, kw_only=True)
class BalanceLowData:
    workspace_id: str
    balance: int
    threshold: int
    credits_spent_last7_days: int
    credits_per_day: float
    #: None when nothing was spent lately.
    days_left: Optional[int] = None


@dataclass(frozen=True, kw_only=True)
class BalanceLowEvent:
    """``balance.low``: posted to the workspace's webhook endpoint when a low-balance alert fires."""

    type: Literal["balance.low"]
    timestamp: str
    data: BalanceLowData


@dataclass(frozen=True, kw_only=True)
class WebhookTestData:
    workspace_id: str
    message: str


@dataclass(frozen=True, kw_only=True)
class WebhookTestEvent:
    """``webhook.test``: posted by "Send test event" on the API Keys page."""

    type: Literal["webhook.test"]
    timestamp: str
    data: WebhookTestData


@dataclass(frozen=True, kw_only=True)
class PaymentSucceededData:
    workspace_id: str
    payment_id: str
    #: A purchase at checkout, or an automatic top-up.
    kind: Literal["checkout", "auto_topup"]
    credits: int
    amount_cents: int
    currency: str


@dataclass(frozen=True, kw_only=True)
class PaymentSucceededEvent:
    """``payment.succeeded``: a purchase or an automatic top-up was paid and credited."""

    type: Literal["payment.succeeded"]
    timestamp: str
    data: PaymentSucceededData


@dataclass(frozen=True, kw_only=True)
class AutoTopUpFailedData:
    workspace_id: str
    payment_id: str
    #: Why the card was declined.
    message: str
    failures_in_a_row: int
    #: True when this decline switched automatic top-up off.
    is_turned_off: bool


@dataclass(frozen=True, kw_only=True)
class AutoTopUpFailedEvent:
    """``auto_topup.failed``: an automatic top-up was declined."""

    type: Literal["auto_topup.failed"]
    timestamp: str
    data: AutoTopUpFailedData


@dataclass(frozen=True, kw_only=True)
class KeyExpiringData:
    workspace_id: str
    key_id: str
    key_name: str
    expires_at: str


@dataclass(frozen=True, kw_only=True)
class KeyExpiringEvent:
    """``key.expiring``: an API key expires in 7 days."""

    type: Literal["key.expiring"]
    timestamp: str
    data: KeyExpiringData


#: The events posted to the workspace's webhook endpoint besides the tasks' ones.
AccountEvent = Union[BalanceLowEvent, PaymentSucceededEvent, AutoTopUpFailedEvent, KeyExpiringEvent, WebhookTestEvent]
#: Any event a webhook carries.
AnyEvent = Union[WebhookEvent, AccountEvent]

#: Each event type's body.
EVENT_CLASSES: Dict[str, Type[Any]] = {
    "task.started": WebhookEvent,
    "task.completed": WebhookEvent,
    "task.failed": WebhookEvent,
    "task.canceled": WebhookEvent,
    "balance.low": BalanceLowEvent,
    "payment.succeeded": PaymentSucceededEvent,
    "auto_topup.failed": AutoTopUpFailedEvent,
    "key.expiring": KeyExpiringEvent,
    "webhook.test": WebhookTestEvent,
}


def event_from_dict(body: Dict[str, Any]) -> Optional[AnyEvent]:
    """An event body (``type``, ``timestamp``, ``data``) as its dataclass; None for a type this SDK does not know."""
    cls = EVENT_CLASSES.get(str(body.get("type")))
    return cast(AnyEvent, from_dict(cls, body)) if cls else None


@dataclass(frozen=True, kw_only=True)
class Event:
    """An event as ``list_events`` lists it: its id and exactly the body its webhooks carried."""

    #: The event id (``evt_...``): every delivery of it carries it as ``webhook-id``.
    id: str
    type: EventType
    #: When the event happened.
    timestamp: str
    #: The webhook's ``data``, as posted (the API's camelCase names); ``payload`` types it.
    data: Dict[str, Any]
    #: Sent as a test (sample data).
    is_test: bool

    @property
    def payload(self) -> Optional[AnyEvent]:
        """The webhook body as ``verify_webhook``/``verify_account_event`` answer it (``WebhookEvent``,
        ``BalanceLowEvent``...); None for a type this SDK does not know yet."""
        return event_from_dict({"type": self.type, "timestamp": self.timestamp, "data": self.data})


@dataclass(frozen=True, kw_only=True)
class EventPage:
    """A page of ``list_events``, newest first."""

    data: List[Event]
    #: Pass as ``cursor`` for the next page; None on the last.
    next_cursor: Optional[str] = None


def _convert(hint: Any, value: Any) -> Any:
    if value is None:
        return None
    origin = typing.get_origin(hint)
    if origin is typing.Union:
        inner = [arg for arg in typing.get_args(hint) if arg is not type(None)]
        return _convert(inner[0], value) if len(inner) == 1 else value
    if origin in (list, List) and isinstance(value, list):
        (item,) = typing.get_args(hint) or (Any,)
        return [_convert(item, element) for element in value]
    if isinstance(hint, type) and dataclasses.is_dataclass(hint) and isinstance(value, dict):
        return from_dict(hint, value)
    return value


def from_dict(cls: Type[T], data: Dict[str, Any]) -> T:
    """Builds ``cls`` from an API object; fields the SDK does not know yet are left out."""
    hints = typing.get_type_hints(cls, vars(sys.modules[__name__]))
    known = {field.name for field in dataclasses.fields(cast(Any, cls))}
    values: Dict[str, Any] = {}
    for key, value in data.items():
        name = snake_case(key)
        if name in known:
            values[name] = _convert(hints[name], value)
    return cls(**values)
