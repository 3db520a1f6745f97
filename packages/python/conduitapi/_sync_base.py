"""Sending with retries and result downloads, for ``Conduit``."""

from __future__ import annotations

import pathlib
import time
from typing import Any, Optional, TypeVar, Union, overload

from . import _endpoints as E
from ._response import APIResponse, with_parsed
from ._transport import Call, Settings, build_request, parse, retry_delay_s, send_once, should_retry
from .errors import APIConnectionError

T = TypeVar("T")


class SyncBase:
    """The transport and the helpers of ``Conduit``: its methods (``_methods``) call ``_run``."""

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

    def _exchange(self, call: Call[T]) -> APIResponse[T]:
        """The call's answer, parsed (``parse()``), or the error it is."""
        call = call.with_key()
        response = self._send(build_request(self._settings, call), call.timeout or self._settings.timeout)
        return with_parsed(response, parse(call, response))

    def _run(self, call: Call[T]) -> T:
        return self._exchange(call).parse()
