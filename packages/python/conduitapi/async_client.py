"""``AsyncConduit``: the same methods as ``Conduit``, to ``await`` (standard library only).

Each attempt's blocking exchange runs in a worker thread (``asyncio.to_thread``), so the event
loop stays free; waits between retries and status reads are ``asyncio.sleep``.

Written by scripts/generate-python-async-client.mjs from client.py: edit that, not this.
"""

from __future__ import annotations

from typing import Any, AsyncIterator, Dict, List, Optional, Union

from . import _endpoints as E
from ._async_base import AsyncBase
from ._pages import Chunk, apaginate
from ._raw import AsyncConduitWithRawResponse
from ._transport import DEFAULT_MAX_RETRIES, DEFAULT_TIMEOUT_S, Call, settings_of
from ._version import API_VERSION
from .models import (
    Account,
    AnyTask,
    CancelResult,
    DeletedUpload,
    Upload,
    UploadList,
    UploadSource,
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
    TaskPage,
    TaskStatus,
    UsageReport,
    VideoAspectRatio,
    VideoModel,
    VideoTask,
    WebhookEventFilter,
)


class AsyncConduit(AsyncBase):
    """The asynchronous client: ``await conduit.generate_image(...)``. Options as ``Conduit``'s."""

    def __init__(
        self,
        api_key: Optional[str] = None,
        base_url: Optional[str] = None,
        *,
        timeout: float = DEFAULT_TIMEOUT_S,
        max_retries: int = DEFAULT_MAX_RETRIES,
        api_version: str = API_VERSION,
    ) -> None:
        self._settings = settings_of(api_key, base_url, timeout, max_retries, api_version)
        self.api_key = self._settings.api_key
        self.base_url = self._settings.base_url
        self.timeout = timeout
        self.max_retries = max_retries

    def with_options(self, *, timeout: Optional[float] = None, max_retries: Optional[int] = None) -> "AsyncConduit":
        """A copy of the client with another default timeout or number of retries."""
        s = self._settings
        return AsyncConduit(
            s.api_key,
            s.base_url,
            timeout=s.timeout if timeout is None else timeout,
            max_retries=s.max_retries if max_retries is None else max_retries,
            api_version=s.api_version,
        )

    @property
    def with_raw_response(self) -> AsyncConduitWithRawResponse:
        """The same methods, answering ``APIResponse`` (status, headers, ``parse()``)."""
        return AsyncConduitWithRawResponse(self)

    # Image generation

    async def generate_image(
        self,
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
    ) -> ImageTask:
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
            callBackUrl=call_back_url,
            webhookEvents=webhook_events,
            maxCredits=max_credits,
            quoteId=quote_id,
            metadata=metadata,
        )
        headers = E.paid_headers(cancel_after)
        call = Call("POST", "/api/provider/image", ImageTask, data, True, idempotency_key, timeout, headers)
        return await self._run(call)

    async def get_image_status(self, task_id: str, *, timeout: Optional[float] = None) -> ImageTask:
        return await self._run(E.status_call("image", task_id, ImageTask, timeout))

    # Video generation

    async def create_video(
        self,
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
    ) -> VideoTask:
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
            callBackUrl=call_back_url,
            webhookEvents=webhook_events,
            maxCredits=max_credits,
            quoteId=quote_id,
            metadata=metadata,
        )
        headers = E.paid_headers(cancel_after, prefer_wait)
        call = Call("POST", "/api/provider/video", VideoTask, data, True, idempotency_key, timeout, headers)
        return await self._run(call)

    async def get_video_status(self, task_id: str, *, timeout: Optional[float] = None) -> VideoTask:
        return await self._run(E.status_call("video", task_id, VideoTask, timeout))

    # Sora watermark removal

    async def remove_sora_watermark_sync(
        self,
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
    ) -> VideoTask:
        """Removes the watermark and waits for it (up to 90 s; past that the task is still processing)."""
        data = E.body(
            video_url=video_url,
            callBackUrl=call_back_url,
            webhookEvents=webhook_events,
            maxCredits=max_credits,
            quoteId=quote_id,
            metadata=metadata,
        )
        path = "/api/provider/sora-watermark-remover/sync"
        headers = E.paid_headers(cancel_after)
        call = Call("POST", path, VideoTask, data, True, idempotency_key, timeout, headers)
        return await self._run(call)

    async def remove_sora_watermark(
        self,
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
    ) -> VideoTask:
        """Starts a watermark removal task and answers at once."""
        data = E.body(
            video_url=video_url,
            callBackUrl=call_back_url,
            webhookEvents=webhook_events,
            maxCredits=max_credits,
            quoteId=quote_id,
            metadata=metadata,
        )
        path = "/api/provider/sora-watermark-remover"
        headers = E.paid_headers(cancel_after, prefer_wait)
        call = Call("POST", path, VideoTask, data, True, idempotency_key, timeout, headers)
        return await self._run(call)

    async def get_sora_status(self, task_id: str, *, timeout: Optional[float] = None) -> VideoTask:
        return await self._run(E.status_call("sora", task_id, VideoTask, timeout))

    # LinkedIn scraping

    async def scrape_linkedin(
        self,
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
    ) -> LinkedinTask:
        """A profile and a page of its posts; pass the answer's ``pagination_token`` for the next page."""
        data = E.body(
            username=username,
            page_number=page_number,
            pagination_token=pagination_token,
            limit=limit,
            total_posts=total_posts,
            maxCredits=max_credits,
            quoteId=quote_id,
            metadata=metadata,
        )
        path = "/api/provider/linkedin"
        headers = E.paid_headers(cancel_after)
        call = Call("POST", path, LinkedinTask, data, True, idempotency_key, timeout, headers)
        return await self._run(call)

    async def get_linkedin_status(self, task_id: str, *, timeout: Optional[float] = None) -> LinkedinTask:
        return await self._run(E.status_call("linkedin", task_id, LinkedinTask, timeout))

    async def iter_linkedin_posts(
        self, username: str, *, limit: Optional[int] = None, max_pages: int = 5
    ) -> AsyncIterator[LinkedinPost]:
        """The profile's posts, page after page (each page is a paid call), at most ``max_pages`` pages."""
        token: Optional[str] = None
        for _ in range(max_pages):
            page = await self.scrape_linkedin(username, limit=limit, pagination_token=token)
            for item in page.posts or []:
                yield item
            token = page.pagination_token
            if not token:
                return

    # Tasks of any service

    async def list_tasks(
        self,
        *,
        limit: Optional[int] = None,
        cursor: Optional[str] = None,
        service: Optional[Service] = None,
        status: Optional[TaskStatus] = None,
        idempotency_key: Optional[str] = None,
        metadata: Optional[Dict[str, str]] = None,
        timeout: Optional[float] = None,
    ) -> TaskPage:
        """The workspace's tasks, newest first, a page of ``limit`` (1-100, 20 by default); pass the
        page's ``next_cursor`` as ``cursor`` for the next. ``idempotency_key`` finds a call's task;
        ``metadata`` keeps the tasks whose metadata has every one of its keys and values."""
        path = E.list_path(
            "/api/provider/tasks", limit=limit, cursor=cursor, service=service, status=status,
            idempotency_key=idempotency_key, **E.metadata_query(metadata),
        )
        return await self._run(Call("GET", path, TaskPage, timeout=timeout, is_page=True))

    async def iter_tasks(
        self,
        *,
        service: Optional[Service] = None,
        status: Optional[TaskStatus] = None,
        limit: Optional[int] = None,
        max_pages: Optional[int] = None,
    ) -> AsyncIterator[AnyTask]:
        """The workspace's tasks, newest first, page after page (free calls), at most ``max_pages`` pages."""

        async def fetch(cursor: Optional[str]) -> Chunk[AnyTask]:
            page = await self.list_tasks(limit=limit, cursor=cursor, service=service, status=status)
            return page.data, page.next_cursor

        async for item in apaginate(fetch, max_pages):
            yield item

    async def get_task(self, task_id: str, *, timeout: Optional[float] = None) -> AnyTask:
        """One of your tasks, whatever its service."""
        return await self._run(Call("GET", E.task_path(task_id), AnyTask, timeout=timeout))

    async def cancel_task(self, task_id: str, *, timeout: Optional[float] = None) -> CancelResult:
        """Stops a running task; ``outcome`` says what you get back. A settled task raises ``ConflictError``."""
        return await self._run(Call("POST", E.task_path(task_id, "/cancel"), CancelResult, timeout=timeout))

    async def quote_price(
        self, service: Service, body: Dict[str, Any], *, timeout: Optional[float] = None
    ) -> QuoteResult:
        """The price of a call, without charging: ``body`` is the JSON body you would send (API names).
        Pass the answer's ``quote_id`` with the call to pay that price until ``expires_at``."""
        data = E.body(service=service, body=body)
        return await self._run(Call("POST", "/api/provider/quote", QuoteResult, data, timeout=timeout))

    # Account

    async def list_models(self, *, timeout: Optional[float] = None) -> ModelList:
        """The enabled models with their prices and request schemas (public: the key is not needed)."""
        return await self._run(Call("GET", "/api/provider/models", ModelList, timeout=timeout, is_page=True))

    async def get_account(self, *, timeout: Optional[float] = None) -> Account:
        """The key's name, the balance, the rate-limit tier, limits and what remains of them."""
        return await self._run(Call("GET", "/api/provider/me", Account, timeout=timeout))

    # Uploads

    async def upload_file(self, file: UploadSource, *, timeout: Optional[float] = None) -> Upload:
        """Keeps a local PNG, JPEG, WebP or MP4 file (a path, or its bytes; 10 MB at most) and answers its
        signed ``url``, to pass in ``image_urls`` or ``image_urls=`` of a video until ``expires_at``. Free."""
        return await self._run(E.upload_call(file, timeout))

    async def list_uploads(self, *, timeout: Optional[float] = None) -> UploadList:
        """The workspace's unexpired uploads, newest first."""
        return await self._run(Call("GET", E.UPLOADS_PATH, UploadList, timeout=timeout, is_page=True))

    async def delete_upload(self, file_id: str, *, timeout: Optional[float] = None) -> DeletedUpload:
        """Removes an upload: its URL answers 404 from then on."""
        return await self._run(Call("DELETE", E.upload_path(file_id), DeletedUpload, timeout=timeout))

    # Request log and events

    async def list_requests(
        self,
        *,
        limit: Optional[int] = None,
        cursor: Optional[str] = None,
        status: Optional[Union[int, str]] = None,
        code: Optional[str] = None,
        metadata: Optional[Dict[str, str]] = None,
        timeout: Optional[float] = None,
    ) -> RequestLogPage:
        """The requests the workspace's keys made, accepted or refused, newest first, a page of ``limit``
        (1-100, 25 by default); pass the page's ``next_cursor`` as ``cursor`` for the next. ``status``
        keeps one status (``402``) or class (``"4xx"``), ``code`` one error code (``"RATE_LIMITED"``)."""
        path = E.list_path(
            "/api/provider/requests", limit=limit, cursor=cursor, status=status, code=code,
            **E.metadata_query(metadata),
        )
        return await self._run(Call("GET", path, RequestLogPage, timeout=timeout, is_page=True))

    async def get_usage(
        self,
        group_by: Optional[str] = None,
        *,
        from_: Optional[str] = None,
        to: Optional[str] = None,
        service: Optional[Service] = None,
        timeout: Optional[float] = None,
    ) -> UsageReport:
        """Calls and credits (charged less refunded) grouped by one metadata key's value, most credits
        first: ``group_by="customer"`` (or ``"metadata.customer"``); ``from_`` and ``to`` a date
        (``"2026-12-01"``, ``to`` includes its day) or an ISO 8601 time. Calls without the key are
        under ``value`` None."""
        path = E.list_path(
            "/api/provider/usage", groupBy=E.metadata_group(group_by), **{"from": from_}, to=to, service=service
        )
        return await self._run(Call("GET", path, UsageReport, timeout=timeout, is_page=True))

    async def iter_requests(
        self,
        *,
        status: Optional[Union[int, str]] = None,
        code: Optional[str] = None,
        limit: Optional[int] = None,
        max_pages: Optional[int] = None,
    ) -> AsyncIterator[RequestLogItem]:
        """The request log, newest first, page after page (free calls), at most ``max_pages`` pages."""

        async def fetch(cursor: Optional[str]) -> Chunk[RequestLogItem]:
            page = await self.list_requests(limit=limit, cursor=cursor, status=status, code=code)
            return page.data, page.next_cursor

        async for item in apaginate(fetch, max_pages):
            yield item

    async def list_events(
        self,
        *,
        limit: Optional[int] = None,
        cursor: Optional[str] = None,
        type: Optional[EventType] = None,
        after: Optional[str] = None,
        timeout: Optional[float] = None,
    ) -> EventPage:
        """The workspace's events of the last 30 days, newest first, each with the body its webhooks
        carried (``event.payload``), a page of ``limit`` (1-100, 20 by default). ``type`` keeps one
        type; ``after`` (an event id ``evt_...`` or an ISO 8601 time) only what came after it."""
        path = E.list_path("/api/provider/events", limit=limit, cursor=cursor, type=type, after=after)
        return await self._run(Call("GET", path, EventPage, timeout=timeout, is_page=True))

    async def iter_events(
        self,
        *,
        type: Optional[EventType] = None,
        after: Optional[str] = None,
        limit: Optional[int] = None,
        max_pages: Optional[int] = None,
    ) -> AsyncIterator[Event]:
        """The workspace's events, newest first, page after page (free calls), at most ``max_pages`` pages."""

        async def fetch(cursor: Optional[str]) -> Chunk[Event]:
            page = await self.list_events(limit=limit, cursor=cursor, type=type, after=after)
            return page.data, page.next_cursor

        async for item in apaginate(fetch, max_pages):
            yield item
