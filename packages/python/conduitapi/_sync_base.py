"""Sending with retries, result downloads and task waits, for ``Conduit``."""

from __future__ import annotations

import pathlib
import time
from typing import Any, Callable, Literal, Optional, TypeVar, Union, overload

from . import _endpoints as E
from ._response import APIResponse, capture
from ._transport import Call, Settings, build_request, parse, retry_delay_s, send_once, should_retry
from .errors import APIConnectionError, WaitTimeout
from .models import ImageTask, LinkedinTask, Task, VideoTask

T = TypeVar("T")


class SyncBase:
    """The transport and the helpers of ``Conduit``: its endpoint methods call ``_run``."""

    _settings: Settings
    base_url: str

    # Result files

    @overload
    def download_result_file(self, url: str, destination: None = None, *, timeout: Optional[float] = None) -> bytes: ...

    @overload
    def download_result_file(
        self, url: str, destination: E.PathLike, *, timeout: Optional[float] = None
    ) -> pathlib.Path: ...

    def download_result_file(
        self, url: str, destination: Optional[E.PathLike] = None, *, timeout: Optional[float] = None
    ) -> Union[bytes, pathlib.Path]:
        """A result file (a URL of ``result_urls``/``video_urls``): its bytes, or written to
        ``destination`` (a file, or a folder to keep its name in). An expired file raises the 410."""
        request = E.download_request(self.base_url, url)
        response = self._send(request, timeout or self._settings.timeout)
        return E.downloaded(response, url, destination)

    # Helpers

    @overload
    def wait_for_task(
        self, task: ImageTask, service: None = None, *, timeout: float = ..., interval: float = ...,
        max_interval: float = ..., on_update: Optional[Callable[[Task, float], None]] = ...,
    ) -> ImageTask: ...

    @overload
    def wait_for_task(
        self, task: VideoTask, service: None = None, *, timeout: float = ..., interval: float = ...,
        max_interval: float = ..., on_update: Optional[Callable[[Task, float], None]] = ...,
    ) -> VideoTask: ...

    @overload
    def wait_for_task(
        self, task: LinkedinTask, service: None = None, *, timeout: float = ..., interval: float = ...,
        max_interval: float = ..., on_update: Optional[Callable[[Task, float], None]] = ...,
    ) -> LinkedinTask: ...

    @overload
    def wait_for_task(
        self, task: str, service: Literal["image"], *, timeout: float = ..., interval: float = ...,
        max_interval: float = ..., on_update: Optional[Callable[[Task, float], None]] = ...,
    ) -> ImageTask: ...

    @overload
    def wait_for_task(
        self, task: str, service: Literal["video", "sora"], *, timeout: float = ..., interval: float = ...,
        max_interval: float = ..., on_update: Optional[Callable[[Task, float], None]] = ...,
    ) -> VideoTask: ...

    @overload
    def wait_for_task(
        self, task: str, service: Literal["linkedin"], *, timeout: float = ..., interval: float = ...,
        max_interval: float = ..., on_update: Optional[Callable[[Task, float], None]] = ...,
    ) -> LinkedinTask: ...

    def wait_for_task(
        self,
        task: Union[Task, str],
        service: Optional[str] = None,
        *,
        timeout: float = 600.0,
        interval: float = 1.0,
        max_interval: float = 10.0,
        on_update: Optional[Callable[[Task, float], None]] = None,
    ) -> Any:
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
            task if isinstance(task, Task) and task.is_done else self._run(E.status_call(found, task_id, Task))
        )
        while True:
            if on_update:
                on_update(current, time.monotonic() - started)
            if current.is_done:
                return current
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise WaitTimeout(current)
            time.sleep(min(interval, remaining))
            interval = min(interval * 1.5, max_interval)
            current = self._run(E.status_call(found, task_id, Task))

    # Transport

    def _send(self, request: Any, timeout: float) -> APIResponse[None]:
        """Sends until an answer that is final, retrying what the policy retries."""
        retries = 0
        while True:
            try:
                response = send_once(request, timeout)
            except APIConnectionError:
                if retries >= self._settings.max_retries:
                    raise
                time.sleep(retry_delay_s(retries))
                retries += 1
                continue
            is_error = not 200 <= response.status_code < 300
            if is_error and should_retry(response) and retries < self._settings.max_retries:
                time.sleep(retry_delay_s(retries, response.headers))
                retries += 1
                continue
            response.retries_taken = retries
            return response

    def _run(self, call: Call[T]) -> T:
        call = call.with_key()
        response = self._send(build_request(self._settings, call), call.timeout or self._settings.timeout)
        parsed = parse(call, response)
        capture(response, parsed)
        return parsed

