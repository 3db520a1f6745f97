"""The endpoint methods of ``Conduit`` and ``AsyncConduit``, defined once (method name = the
operationId in snake_case).

Each function here is a method's signature, docstring and body without the transport: it builds
the ``Call`` to send (an ``iter_*`` helper, the ``Pages`` to read; ``wait_for_task``, its steps),
and ``_methods`` makes it a method of both clients, which send that call synchronously or with
``await``.
"""

from __future__ import annotations

import time
from typing import Any, Callable, Dict, Generator, List, Optional, Union

from . import _endpoints as E
from ._pages import Pages
from ._transport import Call
from .errors import WaitTimeout
from .models import (
    Account,
    AnyTask,
    CancelResult,
    DeletedUpload,
    Event,
    EventPage,
    EventType,
    ImageFormat,
    ImageModel,
    ImageSize,
    ImageTask,
    LinkedinPost,
    LinkedinTask,
    ModelList,
    QuoteResult,
    RequestLogItem,
    RequestLogPage,
    Service,
    Task,
    TaskPage,
    TaskStatus,
    Upload,
    UploadList,
    UploadSource,
    UsageReport,
    VideoAspectRatio,
    VideoModel,
    VideoTask,
    WebhookEventFilter,
)


# Image generation


def generate_image(
    prompt: str,
    *,
    model: Optional[ImageModel] = None,
    image_urls: Optional[List[str]] = None,
    output_format: Optional[ImageFormat] = None,
    image_size: Optional[ImageSize] = None,
    call_back_url: Optional[str] = None,
    webhook_events: Optional[List[WebhookEventFilter]] = None,
    max_credits: Optional[int] = None,
    quote_id: Optional[str] = None,
    metadata: Optional[Dict[str, str]] = None,
    cancel_after: Optional[int] = None,
    idempotency_key: Optional[str] = None,
    timeout: Optional[float] = None,
    **fields: Any,
) -> Call[ImageTask]:
    """Generates an image with ``model`` (nano-banana by default) and waits for it (up to 120 s;
    past that the task is still processing). The parameters are nano-banana's; another model's
    own fields are keyword arguments under the API's names (``quality="high"``)."""
    data = E.model_body(
        fields,
        model=model,
        prompt=prompt,
        image_urls=image_urls,
        output_format=output_format,
        image_size=image_size,
        **E.paid_fields(call_back_url, webhook_events, max_credits, quote_id, metadata),
    )
    return E.paid_call("/api/provider/image", ImageTask, data, idempotency_key, timeout, cancel_after)


def get_image_status(task_id: str, *, timeout: Optional[float] = None) -> Call[ImageTask]:
    return E.status_call("image", task_id, ImageTask, timeout)


# Video generation


def create_video(
    prompt: str,
    *,
    image_urls: Optional[List[str]] = None,
    model: Optional[VideoModel] = None,
    aspect_ratio: Optional[VideoAspectRatio] = None,
    seeds: Optional[int] = None,
    enable_fallback: Optional[bool] = None,
    enable_translation: Optional[bool] = None,
    watermark: Optional[str] = None,
    call_back_url: Optional[str] = None,
    webhook_events: Optional[List[WebhookEventFilter]] = None,
    max_credits: Optional[int] = None,
    quote_id: Optional[str] = None,
    metadata: Optional[Dict[str, str]] = None,
    cancel_after: Optional[int] = None,
    prefer_wait: Optional[int] = None,
    idempotency_key: Optional[str] = None,
    timeout: Optional[float] = None,
    **fields: Any,
) -> Call[VideoTask]:
    """Starts a video task with ``model`` (fast by default) and answers at once; ``wait_for_task``
    waits for the video. ``image_urls`` and ``aspect_ratio`` go under the model's own names;
    another model's own fields are keyword arguments under the API's names (``duration=10``)."""
    urls_name, ratio_name = E.video_names(model)
    data = E.model_body(
        fields,
        prompt=prompt,
        model=model,
        **{urls_name: image_urls, ratio_name: aspect_ratio},
        seeds=seeds,
        enableFallback=enable_fallback,
        enableTranslation=enable_translation,
        watermark=watermark,
        **E.paid_fields(call_back_url, webhook_events, max_credits, quote_id, metadata),
    )
    return E.paid_call("/api/provider/video", VideoTask, data, idempotency_key, timeout, cancel_after, prefer_wait)


def get_video_status(task_id: str, *, timeout: Optional[float] = None) -> Call[VideoTask]:
    return E.status_call("video", task_id, VideoTask, timeout)


# Sora watermark removal


def remove_sora_watermark_sync(
    video_url: str,
    *,
    call_back_url: Optional[str] = None,
    webhook_events: Optional[List[WebhookEventFilter]] = None,
    max_credits: Optional[int] = None,
    quote_id: Optional[str] = None,
    metadata: Optional[Dict[str, str]] = None,
    cancel_after: Optional[int] = None,
    idempotency_key: Optional[str] = None,
    timeout: Optional[float] = None,
) -> Call[VideoTask]:
    """Removes the watermark and waits for it (up to 90 s; past that the task is still processing)."""
    data = E.body(video_url=video_url, **E.paid_fields(call_back_url, webhook_events, max_credits, quote_id, metadata))
    path = "/api/provider/sora-watermark-remover/sync"
    return E.paid_call(path, VideoTask, data, idempotency_key, timeout, cancel_after)


def remove_sora_watermark(
    video_url: str,
    *,
    call_back_url: Optional[str] = None,
    webhook_events: Optional[List[WebhookEventFilter]] = None,
    max_credits: Optional[int] = None,
    quote_id: Optional[str] = None,
    metadata: Optional[Dict[str, str]] = None,
    cancel_after: Optional[int] = None,
    prefer_wait: Optional[int] = None,
    idempotency_key: Optional[str] = None,
    timeout: Optional[float] = None,
) -> Call[VideoTask]:
    """Starts a watermark removal task and answers at once."""
    data = E.body(video_url=video_url, **E.paid_fields(call_back_url, webhook_events, max_credits, quote_id, metadata))
    path = "/api/provider/sora-watermark-remover"
    return E.paid_call(path, VideoTask, data, idempotency_key, timeout, cancel_after, prefer_wait)


def get_sora_status(task_id: str, *, timeout: Optional[float] = None) -> Call[VideoTask]:
    return E.status_call("sora", task_id, VideoTask, timeout)


# LinkedIn scraping


def scrape_linkedin(
    username: str,
    *,
    page_number: Optional[int] = None,
    pagination_token: Optional[str] = None,
    limit: Optional[int] = None,
    total_posts: Optional[int] = None,
    max_credits: Optional[int] = None,
    quote_id: Optional[str] = None,
    metadata: Optional[Dict[str, str]] = None,
    cancel_after: Optional[int] = None,
    idempotency_key: Optional[str] = None,
    timeout: Optional[float] = None,
) -> Call[LinkedinTask]:
    """A profile and a page of its posts; pass the answer's ``pagination_token`` for the next page."""
    data = E.body(
        username=username,
        page_number=page_number,
        pagination_token=pagination_token,
        limit=limit,
        total_posts=total_posts,
        **E.paid_fields(None, None, max_credits, quote_id, metadata),
    )
    return E.paid_call("/api/provider/linkedin", LinkedinTask, data, idempotency_key, timeout, cancel_after)


def get_linkedin_status(task_id: str, *, timeout: Optional[float] = None) -> Call[LinkedinTask]:
    return E.status_call("linkedin", task_id, LinkedinTask, timeout)


def iter_linkedin_posts(
    username: str, *, limit: Optional[int] = None, max_pages: int = 5
) -> Pages[LinkedinTask, LinkedinPost]:
    """The profile's posts, page after page (each page is a paid call), at most ``max_pages`` pages."""
    return Pages(
        lambda token: scrape_linkedin(username, limit=limit, pagination_token=token),
        lambda page: (page.posts or [], page.pagination_token),
        max_pages,
    )


# Tasks of any service


def list_tasks(
    *,
    limit: Optional[int] = None,
    cursor: Optional[str] = None,
    service: Optional[Service] = None,
    status: Optional[TaskStatus] = None,
    idempotency_key: Optional[str] = None,
    metadata: Optional[Dict[str, str]] = None,
    timeout: Optional[float] = None,
) -> Call[TaskPage]:
    """The workspace's tasks, newest first, a page of ``limit`` (1-100, 20 by default); pass the
    page's ``next_cursor`` as ``cursor`` for the next. ``idempotency_key`` finds a call's task;
    ``metadata`` keeps the tasks whose metadata has every one of its keys and values."""
    path = E.list_path(
        "/api/provider/tasks", limit=limit, cursor=cursor, service=service, status=status,
        idempotency_key=idempotency_key, **E.metadata_query(metadata),
    )
    return Call("GET", path, TaskPage, timeout=timeout, is_page=True)


def iter_tasks(
    *,
    service: Optional[Service] = None,
    status: Optional[TaskStatus] = None,
    limit: Optional[int] = None,
    max_pages: Optional[int] = None,
) -> Pages[TaskPage, AnyTask]:
    """The workspace's tasks, newest first, page after page (free calls), at most ``max_pages`` pages."""
    return Pages(
        lambda cursor: list_tasks(limit=limit, cursor=cursor, service=service, status=status),
        lambda page: (page.data, page.next_cursor),
        max_pages,
    )


def get_task(task_id: str, *, timeout: Optional[float] = None) -> Call[AnyTask]:
    """One of your tasks, whatever its service."""
    return Call("GET", E.task_path(task_id), AnyTask, timeout=timeout)


def cancel_task(task_id: str, *, timeout: Optional[float] = None) -> Call[CancelResult]:
    """Stops a running task; ``outcome`` says what you get back. A settled task raises ``ConflictError``."""
    return Call("POST", E.task_path(task_id, "/cancel"), CancelResult, timeout=timeout)


def quote_price(
    service: Service, body: Dict[str, Any], *, timeout: Optional[float] = None
) -> Call[QuoteResult]:
    """The price of a call, without charging: ``body`` is the JSON body you would send (API names).
    Pass the answer's ``quote_id`` with the call to pay that price until ``expires_at``."""
    data = E.body(service=service, body=body)
    return Call("POST", "/api/provider/quote", QuoteResult, data, timeout=timeout)


# Account


def list_models(*, timeout: Optional[float] = None) -> Call[ModelList]:
    """The enabled models with their prices and request schemas (public: the key is not needed)."""
    return Call("GET", "/api/provider/models", ModelList, timeout=timeout, is_page=True)


def get_account(*, timeout: Optional[float] = None) -> Call[Account]:
    """The key's name, the balance, the rate-limit tier, limits and what remains of them."""
    return Call("GET", "/api/provider/me", Account, timeout=timeout)


# Uploads


def upload_file(file: UploadSource, *, timeout: Optional[float] = None) -> Call[Upload]:
    """Keeps a local PNG, JPEG, WebP or MP4 file (a path, or its bytes; 10 MB at most) and answers its
    signed ``url``, to pass in ``image_urls`` or ``image_urls=`` of a video until ``expires_at``. Free."""
    return E.upload_call(file, timeout)


def list_uploads(*, timeout: Optional[float] = None) -> Call[UploadList]:
    """The workspace's unexpired uploads, newest first."""
    return Call("GET", E.UPLOADS_PATH, UploadList, timeout=timeout, is_page=True)


def delete_upload(file_id: str, *, timeout: Optional[float] = None) -> Call[DeletedUpload]:
    """Removes an upload: its URL answers 404 from then on."""
    return Call("DELETE", E.upload_path(file_id), DeletedUpload, timeout=timeout)


# Request log and events


def list_requests(
    *,
    limit: Optional[int] = None,
    cursor: Optional[str] = None,
    status: Optional[Union[int, str]] = None,
    code: Optional[str] = None,
    metadata: Optional[Dict[str, str]] = None,
    timeout: Optional[float] = None,
) -> Call[RequestLogPage]:
    """The requests the workspace's keys made, accepted or refused, newest first, a page of ``limit``
    (1-100, 25 by default); pass the page's ``next_cursor`` as ``cursor`` for the next. ``status``
    keeps one status (``402``) or class (``"4xx"``), ``code`` one error code (``"RATE_LIMITED"``)."""
    path = E.list_path(
        "/api/provider/requests", limit=limit, cursor=cursor, status=status, code=code,
        **E.metadata_query(metadata),
    )
    return Call("GET", path, RequestLogPage, timeout=timeout, is_page=True)


def get_usage(
    group_by: Optional[str] = None,
    *,
    from_: Optional[str] = None,
    to: Optional[str] = None,
    service: Optional[Service] = None,
    timeout: Optional[float] = None,
) -> Call[UsageReport]:
    """Calls and credits (charged less refunded) grouped by one metadata key's value, most credits
    first: ``group_by="customer"`` (or ``"metadata.customer"``); ``from_`` and ``to`` a date
    (``"2026-12-01"``, ``to`` includes its day) or an ISO 8601 time. Calls without the key are
    under ``value`` None."""
    path = E.list_path(
        "/api/provider/usage", groupBy=E.metadata_group(group_by), **{"from": from_}, to=to, service=service
    )
    return Call("GET", path, UsageReport, timeout=timeout, is_page=True)


def iter_requests(
    *,
    status: Optional[Union[int, str]] = None,
    code: Optional[str] = None,
    limit: Optional[int] = None,
    max_pages: Optional[int] = None,
) -> Pages[RequestLogPage, RequestLogItem]:
    """The request log, newest first, page after page (free calls), at most ``max_pages`` pages."""
    return Pages(
        lambda cursor: list_requests(limit=limit, cursor=cursor, status=status, code=code),
        lambda page: (page.data, page.next_cursor),
        max_pages,
    )


def list_events(
    *,
    limit: Optional[int] = None,
    cursor: Optional[str] = None,
    type: Optional[EventType] = None,
    after: Optional[str] = None,
    timeout: Optional[float] = None,
) -> Call[EventPage]:
    """The workspace's events of the last 30 days, newest first, each with the body its webhooks
    carried (``event.payload``), a page of ``limit`` (1-100, 20 by default). ``type`` keeps one
    type; ``after`` (an event id ``evt_...`` or an ISO 8601 time) only what came after it."""
    path = E.list_path("/api/provider/events", limit=limit, cursor=cursor, type=type, after=after)
    return Call("GET", path, EventPage, timeout=timeout, is_page=True)


def iter_events(
    *,
    type: Optional[EventType] = None,
    after: Optional[str] = None,
    limit: Optional[int] = None,
    max_pages: Optional[int] = None,
) -> Pages[EventPage, Event]:
    """The workspace's events, newest first, page after page (free calls), at most ``max_pages`` pages."""
    return Pages(
        lambda cursor: list_events(limit=limit, cursor=cursor, type=type, after=after),
        lambda page: (page.data, page.next_cursor),
        max_pages,
    )


# Helpers

#: What a helper's steps are: a call to run (its result is sent back), or seconds to sleep.
Step = Union[Call[Any], float]


def wait_for_task(
    task: Union[Task, str],
    service: Optional[str] = None,
    *,
    timeout: float = 600.0,
    interval: float = 1.0,
    max_interval: float = 10.0,
    on_update: Optional[Callable[[Task, float], None]] = None,
) -> Generator[Step, Any, Task]:
    """Reads the task's status until it settles (completed, failed, canceled or aborted) and answers it.

    ``task`` is a task an endpoint answered, or a task id with its ``service``. Between two reads
    it waits ``interval`` seconds, half as long again each time, at most ``max_interval``.
    ``on_update(task, elapsed_seconds)`` hears each read. Past ``timeout`` seconds it raises
    ``WaitTimeout`` (the task keeps running; check it later).
    """
    task_id, found = E.wait_target(task, service)
    started = time.monotonic()
    deadline = started + timeout
    current: Task = (
        task if isinstance(task, Task) and task.is_done else (yield E.status_call(found, task_id, Task))
    )
    while True:
        if on_update:
            on_update(current, time.monotonic() - started)
        if current.is_done:
            return current
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise WaitTimeout(current)
        yield min(interval, remaining)
        interval = min(interval * 1.5, max_interval)
        current = yield E.status_call(found, task_id, Task)
