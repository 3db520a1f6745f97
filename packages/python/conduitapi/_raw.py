"""``client.with_raw_response``: each endpoint method, answering the raw ``APIResponse``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Awaitable, Callable, List, ParamSpec, TypeVar


from ._response import APIResponse, captured_responses

if TYPE_CHECKING:
    from .async_client import AsyncConduit
    from .client import Conduit

P = ParamSpec("P")
T = TypeVar("T")


def to_raw(method: Callable[P, T]) -> Callable[P, APIResponse[T]]:
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> APIResponse[T]:
        kept: List[APIResponse[Any]] = []
        token = captured_responses.set(kept)
        try:
            method(*args, **kwargs)
        finally:
            captured_responses.reset(token)
        return kept[-1]

    return wrapper


def to_async_raw(method: Callable[P, Awaitable[T]]) -> Callable[P, Awaitable[APIResponse[T]]]:
    async def wrapper(*args: P.args, **kwargs: P.kwargs) -> APIResponse[T]:
        kept: List[APIResponse[Any]] = []
        token = captured_responses.set(kept)
        try:
            await method(*args, **kwargs)
        finally:
            captured_responses.reset(token)
        return kept[-1]

    return wrapper


class ConduitWithRawResponse:
    def __init__(self, client: "Conduit") -> None:
        self.generate_image = to_raw(client.generate_image)
        self.get_image_status = to_raw(client.get_image_status)
        self.create_video = to_raw(client.create_video)
        self.get_video_status = to_raw(client.get_video_status)
        self.remove_sora_watermark_sync = to_raw(client.remove_sora_watermark_sync)
        self.remove_sora_watermark = to_raw(client.remove_sora_watermark)
        self.get_sora_status = to_raw(client.get_sora_status)
        self.scrape_linkedin = to_raw(client.scrape_linkedin)
        self.get_linkedin_status = to_raw(client.get_linkedin_status)
        self.list_tasks = to_raw(client.list_tasks)
        self.get_task = to_raw(client.get_task)
        self.cancel_task = to_raw(client.cancel_task)
        self.quote_price = to_raw(client.quote_price)
        self.list_models = to_raw(client.list_models)
        self.get_account = to_raw(client.get_account)
        self.list_requests = to_raw(client.list_requests)
        self.list_events = to_raw(client.list_events)


class AsyncConduitWithRawResponse:
    def __init__(self, client: "AsyncConduit") -> None:
        self.generate_image = to_async_raw(client.generate_image)
        self.get_image_status = to_async_raw(client.get_image_status)
        self.create_video = to_async_raw(client.create_video)
        self.get_video_status = to_async_raw(client.get_video_status)
        self.remove_sora_watermark_sync = to_async_raw(client.remove_sora_watermark_sync)
        self.remove_sora_watermark = to_async_raw(client.remove_sora_watermark)
        self.get_sora_status = to_async_raw(client.get_sora_status)
        self.scrape_linkedin = to_async_raw(client.scrape_linkedin)
        self.get_linkedin_status = to_async_raw(client.get_linkedin_status)
        self.list_tasks = to_async_raw(client.list_tasks)
        self.get_task = to_async_raw(client.get_task)
        self.cancel_task = to_async_raw(client.cancel_task)
        self.quote_price = to_async_raw(client.quote_price)
        self.list_models = to_async_raw(client.list_models)
        self.get_account = to_async_raw(client.get_account)
        self.list_requests = to_async_raw(client.list_requests)
        self.list_events = to_async_raw(client.list_events)
