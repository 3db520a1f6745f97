"""The Conduit public API, one method per endpoint (method name = the operationId in snake_case)."""

from __future__ import annotations

import json
import os
import time
import urllib.error
import urllib.parse
import urllib.request
from typing import Any, Callable, Dict, List, Optional, Type, TypeVar, Union

from .errors import ConduitError, WaitTimeout
from .models import Account, ImageTask, LinkedinTask, Service, Task, VideoTask, from_dict

__version__ = "0.1.0"

T = TypeVar("T")
AnyTask = Union[ImageTask, VideoTask, LinkedinTask]

#: Each service's status endpoint path and answer type.
_STATUS: Dict[str, tuple] = {
    "image": ("/api/provider/image/status/{taskId}", ImageTask),
    "video": ("/api/provider/video/status/{taskId}", VideoTask),
    "sora": ("/api/provider/sora-watermark-remover/status/{taskId}", VideoTask),
    "linkedin": ("/api/provider/linkedin/status/{taskId}", LinkedinTask),
}
#: The sync endpoints wait up to 150 s on the server; the socket waits a little longer.
DEFAULT_TIMEOUT_S = 180.0


def _body(**fields: Any) -> Dict[str, Any]:
    """The JSON body: the fields that were given, under the API's names."""
    return {name: value for name, value in fields.items() if value is not None}


class Conduit:
    """A client of the Conduit API.

    ``api_key`` and ``base_url`` default to the ``CONDUIT_API_KEY`` and ``CONDUIT_BASE_URL``
    environment variables. Paid calls take ``idempotency_key``: repeating a call with the same key
    and body answers the first result and charges once.
    """

    def __init__(
        self,
        api_key: Optional[str] = None,
        base_url: Optional[str] = None,
        *,
        timeout: float = DEFAULT_TIMEOUT_S,
    ) -> None:
        key = api_key or os.environ.get("CONDUIT_API_KEY")
        url = base_url or os.environ.get("CONDUIT_BASE_URL")
        if not key:
            raise ValueError("Conduit needs an api_key (or the CONDUIT_API_KEY environment variable)")
        if not url:
            raise ValueError("Conduit needs a base_url (or the CONDUIT_BASE_URL environment variable)")
        self.api_key = key
        self.base_url = url.rstrip("/")
        self.timeout = timeout

    # Image generation

    def generate_image(
        self,
        prompt: str,
        *,
        image_urls: Optional[List[str]] = None,
        output_format: Optional[str] = None,
        image_size: Optional[str] = None,
        call_back_url: Optional[str] = None,
        idempotency_key: Optional[str] = None,
    ) -> ImageTask:
        """Generates an image and waits for it (up to 120 s; past that the task is still processing)."""
        body = _body(
            prompt=prompt,
            image_urls=image_urls,
            output_format=output_format,
            image_size=image_size,
            callBackUrl=call_back_url,
        )
        return self._call("POST", "/api/provider/image", ImageTask, body, idempotency_key)

    def get_image_status(self, task_id: str) -> ImageTask:
        return self._status("image", task_id)  # type: ignore[return-value]

    # Video generation

    def create_video(
        self,
        prompt: str,
        *,
        image_urls: Optional[List[str]] = None,
        model: Optional[str] = None,
        aspect_ratio: Optional[str] = None,
        seeds: Optional[int] = None,
        enable_fallback: Optional[bool] = None,
        enable_translation: Optional[bool] = None,
        watermark: Optional[str] = None,
        call_back_url: Optional[str] = None,
        idempotency_key: Optional[str] = None,
    ) -> VideoTask:
        """Starts a video task and answers at once; ``wait_for_task`` waits for the video."""
        body = _body(
            prompt=prompt,
            imageUrls=image_urls,
            model=model,
            aspectRatio=aspect_ratio,
            seeds=seeds,
            enableFallback=enable_fallback,
            enableTranslation=enable_translation,
            watermark=watermark,
            callBackUrl=call_back_url,
        )
        return self._call("POST", "/api/provider/video", VideoTask, body, idempotency_key)

    def get_video_status(self, task_id: str) -> VideoTask:
        return self._status("video", task_id)  # type: ignore[return-value]

    # Sora watermark removal

    def remove_sora_watermark_sync(
        self,
        video_url: str,
        *,
        call_back_url: Optional[str] = None,
        idempotency_key: Optional[str] = None,
    ) -> VideoTask:
        """Removes the watermark and waits for it (up to 90 s; past that the task is still processing)."""
        body = _body(video_url=video_url, callBackUrl=call_back_url)
        path = "/api/provider/sora-watermark-remover/sync"
        return self._call("POST", path, VideoTask, body, idempotency_key)

    def remove_sora_watermark(
        self,
        video_url: str,
        *,
        call_back_url: Optional[str] = None,
        idempotency_key: Optional[str] = None,
    ) -> VideoTask:
        """Starts a watermark removal task and answers at once."""
        body = _body(video_url=video_url, callBackUrl=call_back_url)
        return self._call("POST", "/api/provider/sora-watermark-remover", VideoTask, body, idempotency_key)

    def get_sora_status(self, task_id: str) -> VideoTask:
        return self._status("sora", task_id)  # type: ignore[return-value]

    # LinkedIn scraping

    def scrape_linkedin(
        self,
        username: str,
        *,
        page_number: Optional[int] = None,
        pagination_token: Optional[str] = None,
        limit: Optional[int] = None,
        total_posts: Optional[int] = None,
        idempotency_key: Optional[str] = None,
    ) -> LinkedinTask:
        """A profile and a page of its posts; pass the answer's ``pagination_token`` for the next page."""
        body = _body(
            username=username,
            page_number=page_number,
            pagination_token=pagination_token,
            limit=limit,
            total_posts=total_posts,
        )
        return self._call("POST", "/api/provider/linkedin", LinkedinTask, body, idempotency_key)

    def get_linkedin_status(self, task_id: str) -> LinkedinTask:
        return self._status("linkedin", task_id)  # type: ignore[return-value]

    # Account

    def get_account(self) -> Account:
        """The key's name, the balance, the rate-limit tier, limits and what remains of them."""
        return self._call("GET", "/api/provider/me", Account)

    # Helpers

    def wait_for_task(
        self,
        task: Union[Task, str],
        service: Optional[Service] = None,
        *,
        timeout: float = 600.0,
        interval: float = 1.0,
        max_interval: float = 10.0,
        on_update: Optional[Callable[[Task, float], None]] = None,
    ) -> AnyTask:
        """Reads the task's status until it settles (completed or failed) and answers it.

        ``task`` is a task an endpoint answered, or a task id with its ``service``. Between two reads
        it waits ``interval`` seconds, half as long again each time, at most ``max_interval``.
        ``on_update(task, elapsed_seconds)`` hears each read. Past ``timeout`` seconds it raises
        ``WaitTimeout`` (the task keeps running; check it later).
        """
        task_id = task if isinstance(task, str) else task.task_id
        service = service or (None if isinstance(task, str) else _service_of(task))
        if service not in _STATUS:
            raise ValueError("wait_for_task needs the service of a task id: image, video, sora or linkedin")
        started = time.monotonic()
        deadline = started + timeout
        current = task if isinstance(task, Task) and task.is_done else self._status(service, task_id)
        while True:
            if on_update:
                on_update(current, time.monotonic() - started)
            if current.is_done:
                return current  # type: ignore[return-value]
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise WaitTimeout(current)
            time.sleep(min(interval, remaining))
            interval = min(interval * 1.5, max_interval)
            current = self._status(service, task_id)

    def _status(self, service: str, task_id: str) -> Task:
        path, answer = _STATUS[service]
        return self._call("GET", path.replace("{taskId}", urllib.parse.quote(task_id, safe="")), answer)

    def _call(
        self,
        method: str,
        path: str,
        answer: Type[T],
        body: Optional[Dict[str, Any]] = None,
        idempotency_key: Optional[str] = None,
    ) -> T:
        headers = {
            "X-API-Key": self.api_key,
            "Accept": "application/json",
            "User-Agent": f"conduit-python/{__version__}",
        }
        data = None
        if body is not None:
            headers["Content-Type"] = "application/json"
            data = json.dumps(body).encode()
        if idempotency_key:
            headers["Idempotency-Key"] = idempotency_key
        request = urllib.request.Request(self.base_url + path, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                parsed = json.load(response)
        except urllib.error.HTTPError as error:
            raw = error.read().decode("utf-8", "replace")
            try:
                error_body: Any = json.loads(raw)
            except ValueError:
                error_body = raw
            answer_headers = {name.lower(): value for name, value in error.headers.items()}
            raise ConduitError.from_answer(error.code, error_body, answer_headers) from None
        except (urllib.error.URLError, OSError) as error:
            reason = getattr(error, "reason", error)
            raise ConduitError(0, "NETWORK_ERROR", f"Could not reach {self.base_url}: {reason}") from error
        return from_dict(answer, parsed["data"])


def _service_of(task: Task) -> Optional[str]:
    """A task's service, from its type or its status path."""
    if isinstance(task, ImageTask):
        return "image"
    if isinstance(task, LinkedinTask):
        return "linkedin"
    if task.status_url:
        for service, (path, _) in _STATUS.items():
            if task.status_url.startswith(path.split("{")[0]):
                return service
    return None
