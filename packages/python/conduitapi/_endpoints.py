"""What both clients share: the status endpoints, the task's service, request bodies, downloads."""

from __future__ import annotations

import os
import pathlib
import urllib.parse
import urllib.request
from typing import Any, Dict, Optional, Sequence, Tuple, Type, TypeVar, Union

from ._response import APIResponse
from ._transport import Call, decode_body
from ._version import __version__
from .errors import error_from_answer
from .models import ImageTask, LinkedinTask, Task, Upload, VideoTask

T = TypeVar("T")
AnyTask = Union[ImageTask, VideoTask, LinkedinTask]
PathLike = Union[str, "os.PathLike[str]"]

#: Each service's status endpoint path and answer type.
STATUS: Dict[str, Tuple[str, Type[Any]]] = {
    "image": ("/api/provider/image/status/{taskId}", ImageTask),
    "video": ("/api/provider/video/status/{taskId}", VideoTask),
    "sora": ("/api/provider/sora-watermark-remover/status/{taskId}", VideoTask),
    "linkedin": ("/api/provider/linkedin/status/{taskId}", LinkedinTask),
}


def body(**fields: Any) -> Dict[str, Any]:
    """The JSON body: the fields that were given, under the API's names."""
    return {name: value for name, value in fields.items() if value is not None}


#: The video models whose body is Veo 3.1's, with camelCase fields (``imageUrls``, ``aspectRatio``).
VEO_MODELS = (None, "fast", "standard")


def model_body(fields: Dict[str, Any], **named: Any) -> Dict[str, Any]:
    """An image or video body: the named fields that were given, then the model's own ``fields``
    (keyword arguments under the API's names, e.g. ``quality="high"``, ``duration=10``)."""
    return {**body(**named), **body(**fields)}


def video_names(model: Optional[str]) -> Tuple[str, str]:
    """The API names ``image_urls`` and ``aspect_ratio`` go under: Veo's camelCase ones, or the
    snake_case ones of the other video models."""
    return ("imageUrls", "aspectRatio") if model in VEO_MODELS else ("image_urls", "aspect_ratio")


def paid_headers(cancel_after: Optional[int], prefer_wait: Optional[int] = None) -> Dict[str, str]:
    """``Cancel-After`` (seconds: not started upstream by then, the task is aborted and refunded) and
    ``Prefer: wait=N`` (async endpoints: answer the settled task if it settles within N seconds)."""
    headers: Dict[str, str] = {}
    if cancel_after is not None:
        headers["Cancel-After"] = str(cancel_after)
    if prefer_wait is not None:
        headers["Prefer"] = f"wait={prefer_wait}"
    return headers


def paid_fields(
    call_back_url: Optional[str],
    webhook_events: Optional[Sequence[str]],
    max_credits: Optional[int],
    quote_id: Optional[str],
    metadata: Optional[Dict[str, str]],
) -> Dict[str, Any]:
    """The body fields of a paid call that were given, under the API's names."""
    return body(
        callBackUrl=call_back_url,
        webhookEvents=webhook_events,
        maxCredits=max_credits,
        quoteId=quote_id,
        metadata=metadata,
    )


def paid_call(
    path: str,
    answer: Type[T],
    data: Dict[str, Any],
    idempotency_key: Optional[str],
    timeout: Optional[float],
    cancel_after: Optional[int],
    prefer_wait: Optional[int] = None,
) -> Call[T]:
    """A paid POST: its Idempotency-Key (yours, or one made for it) on every attempt, and its headers."""
    return Call("POST", path, answer, data, True, idempotency_key, timeout, paid_headers(cancel_after, prefer_wait))


def task_path(task_id: str, suffix: str = "") -> str:
    return "/api/provider/tasks/" + urllib.parse.quote(task_id, safe="") + suffix


def list_path(path: str, **query: Any) -> str:
    """A list endpoint's path with the query parameters that were given (under the API's names)."""
    given = body(**query)
    return path + ("?" + urllib.parse.urlencode(given) if given else "")


def metadata_query(metadata: Optional[Dict[str, str]]) -> Dict[str, str]:
    """A list's metadata filter as its query parameters: ``metadata[customer]=acme``, one per key."""
    return {f"metadata[{key}]": value for key, value in (metadata or {}).items()}


def metadata_group(group_by: Optional[str]) -> Optional[str]:
    """``customer`` as the ``groupBy`` the API takes, ``metadata.customer``."""
    if group_by is None or group_by.startswith("metadata."):
        return group_by
    return "metadata." + group_by


def status_call(service: str, task_id: str, _typed: Type[T], timeout: Optional[float] = None) -> Call[T]:
    """The status read of a task; ``_typed`` is the type the caller knows the answer has."""
    path, answer = STATUS[service]
    return Call("GET", path.replace("{taskId}", urllib.parse.quote(task_id, safe="")), answer, timeout=timeout)


def service_of(task: Task) -> Optional[str]:
    """A task's service, from its type or its status path."""
    if isinstance(task, ImageTask):
        return "image"
    if isinstance(task, LinkedinTask):
        return "linkedin"
    if task.status_url:
        for service, (path, _) in STATUS.items():
            if task.status_url.startswith(path.split("{")[0]):
                return service
    return None


def wait_target(task: Union[Task, str], service: Optional[str]) -> Tuple[str, str]:
    task_id = task if isinstance(task, str) else task.task_id
    found = service or (None if isinstance(task, str) else service_of(task))
    if found not in STATUS:
        raise ValueError("wait_for_task needs the service of a task id: image, video, sora or linkedin")
    return task_id, found


def download_request(base_url: str, url: str) -> urllib.request.Request:
    """A result file's URL (absolute, as answers give it, or a path on the server). No key is sent:
    the URL itself is the credential, and it may point at a host that is not the API's."""
    absolute = url if "://" in url else base_url + ("" if url.startswith("/") else "/") + url
    headers = {"User-Agent": f"conduitapi-python/{__version__}"}
    return urllib.request.Request(absolute, headers=headers, method="GET")


def downloaded(
    response: APIResponse[None], url: str, destination: Optional[PathLike]
) -> Union[bytes, pathlib.Path]:
    """A result file's answer: its bytes, or written to ``destination`` (a file, or a folder to keep
    the URL's file name in). An answer other than 2xx (an expired file's 410) raises its error."""
    if not 200 <= response.status_code < 300:
        raise error_from_answer(response.status_code, decode_body(response.content), response.headers)
    if destination is None:
        return response.content
    target = pathlib.Path(destination)
    if target.is_dir():
        target = target / url.rstrip("/").rsplit("/", 1)[-1].split("?")[0]
    target.write_bytes(response.content)
    return target


UPLOADS_PATH = "/api/provider/files"


def upload_call(file: Union[PathLike, bytes], timeout: Optional[float]) -> Call[Upload]:
    """An upload of a file on disk (its name kept) or of bytes; the server reads its type from them."""
    if isinstance(file, (bytes, bytearray)):
        named = ("file", bytes(file))
    else:
        path = os.fspath(file)
        with open(path, "rb") as handle:
            named = (os.path.basename(path), handle.read())
    return Call("POST", UPLOADS_PATH, Upload, timeout=timeout, file=named)


def upload_path(file_id: str) -> str:
    return UPLOADS_PATH + "/" + urllib.parse.quote(file_id, safe="")
