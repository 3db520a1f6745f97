"""Each client's methods, made from the definitions of ``_calls``: only the transport differs.

A function of ``_calls`` builds what a method sends (a ``Call``; for an ``iter_*`` helper its
``Pages``; for ``wait_for_task`` its steps). ``Endpoint``, ``Pager`` and ``Waiter`` make it a method
of every class below ``Endpoints`` and ``Client``, run by that class's ``_run``: ``Conduit``'s answers the result, ``AsyncConduit``'s is a
coroutine (``async def``), the raw-response classes' answer the ``APIResponse``. The method keeps
the definition's name, docstring and parameters (``inspect.signature``, ``help``), and its type
(``ParamSpec``) is the definition's parameters with the client's answer.
"""

from __future__ import annotations

import asyncio
import inspect
import time
import typing
from typing import (
    TYPE_CHECKING,
    Any,
    AsyncIterator,
    Callable,
    Coroutine,
    Dict,
    Generator,
    Generic,
    Iterator,
    Literal,
    Optional,
    ParamSpec,
    Protocol,
    Tuple,
    TypeVar,
    cast,
    overload,
)

from . import _calls as C
from . import models
from ._pages import Pages
from .models import ImageTask, LinkedinTask, Task, VideoTask
from ._response import APIResponse
from ._transport import DEFAULT_MAX_RETRIES, DEFAULT_TIMEOUT_S, Call, Settings, settings_of
from ._version import API_VERSION

if TYPE_CHECKING:
    from ._async_base import AsyncBase
    from ._raw import AsyncConduitWithRawResponse, ConduitWithRawResponse
    from ._sync_base import SyncBase

P = ParamSpec("P")
R = TypeVar("R")
T = TypeVar("T")
ClientT = TypeVar("ClientT", bound="Client")
I_co = TypeVar("I_co", covariant=True)
V_co = TypeVar("V_co", covariant=True)
L_co = TypeVar("L_co", covariant=True)
OnUpdate = Optional[Callable[[Task, float], None]]


class _Method(Generic[P, R]):
    """A definition of ``_calls`` as a method: a plain function for a synchronous class, an
    ``async def`` for a class whose ``_run`` is a coroutine function (one of each, made once)."""

    def __init__(self, build: Callable[P, R]) -> None:
        self._build = build
        self._made: Dict[Tuple[bool, bool], Callable[..., Any]] = {}

    def _sync(self, build: Callable[P, R]) -> Callable[..., Any]:
        raise NotImplementedError

    def _async(self, build: Callable[P, R]) -> Callable[..., Any]:
        raise NotImplementedError

    def _answer(self, result: Any, is_async: bool, is_raw: bool) -> Any:
        """The method's return annotation, from its definition's (``Call[X]``, ``Pages[Y, X]``)."""
        raise NotImplementedError

    def _method(self, owner: Optional[type]) -> Callable[..., Any]:
        is_async = inspect.iscoroutinefunction(getattr(owner, "_run", None))
        is_raw = bool(getattr(owner, "_answers_raw", False))
        made = self._made.get((is_async, is_raw))
        if made is None:
            build = self._build
            made = self._async(build) if is_async else self._sync(build)
            hints = typing.get_type_hints(build, localns=vars(models))
            answer = self._answer(hints.pop("return"), is_async, is_raw)
            signature = inspect.signature(build)
            client = inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD)
            made.__name__ = made.__qualname__ = build.__name__
            made.__doc__ = build.__doc__
            made.__module__ = build.__module__
            made.__annotations__ = {**hints, "return": answer}
            parameters = [p.replace(annotation=hints[p.name]) for p in signature.parameters.values()]
            typed = signature.replace(parameters=[client, *parameters], return_annotation=answer)
            setattr(made, "__signature__", typed)
            self._made[(is_async, is_raw)] = made
        return made

    def __get__(self, client: Any, owner: Optional[type] = None) -> Any:
        method = self._method(owner or type(client))
        return method if client is None else method.__get__(client, owner)


class Endpoint(_Method[P, Call[T]]):
    """An endpoint method: sends the ``Call`` its definition builds and answers the result."""

    @overload
    def __get__(self, client: None, owner: Optional[type] = None) -> Callable[..., Any]: ...

    @overload
    def __get__(self, client: SyncBase, owner: Optional[type] = None) -> Callable[P, T]: ...

    @overload
    def __get__(self, client: AsyncBase, owner: Optional[type] = None) -> Callable[P, Coroutine[Any, Any, T]]: ...

    @overload
    def __get__(
        self, client: ConduitWithRawResponse, owner: Optional[type] = None
    ) -> Callable[P, APIResponse[T]]: ...

    @overload
    def __get__(
        self, client: AsyncConduitWithRawResponse, owner: Optional[type] = None
    ) -> Callable[P, Coroutine[Any, Any, APIResponse[T]]]: ...

    def __get__(self, client: Any, owner: Optional[type] = None) -> Any:
        return super().__get__(client, owner)

    def _sync(self, build: Callable[P, Call[T]]) -> Callable[..., Any]:
        def method(client: Any, *args: Any, **kwargs: Any) -> Any:
            return client._run(build(*args, **kwargs))

        return method

    def _async(self, build: Callable[P, Call[T]]) -> Callable[..., Any]:
        async def method(client: Any, *args: Any, **kwargs: Any) -> Any:
            return await client._run(build(*args, **kwargs))

        return method

    def _answer(self, result: Any, is_async: bool, is_raw: bool) -> Any:
        (answer,) = typing.get_args(result)
        return cast(Any, APIResponse)[answer] if is_raw else answer


class Pager(_Method[P, Pages[Any, T]]):
    """An ``iter_*`` helper: the items of the pages its definition reads, an iterator (an async
    iterator on the asynchronous client); each page is read when the iteration reaches it."""

    @overload
    def __get__(self, client: None, owner: Optional[type] = None) -> Callable[..., Any]: ...

    @overload
    def __get__(self, client: SyncBase, owner: Optional[type] = None) -> Callable[P, Iterator[T]]: ...

    @overload
    def __get__(self, client: AsyncBase, owner: Optional[type] = None) -> Callable[P, AsyncIterator[T]]: ...

    def __get__(self, client: Any, owner: Optional[type] = None) -> Any:
        return super().__get__(client, owner)

    def _sync(self, build: Callable[P, Pages[Any, T]]) -> Callable[..., Any]:
        def method(client: Any, *args: Any, **kwargs: Any) -> Iterator[T]:
            return build(*args, **kwargs).items(client._run)

        return method

    def _async(self, build: Callable[P, Pages[Any, T]]) -> Callable[..., Any]:
        async def method(client: Any, *args: Any, **kwargs: Any) -> AsyncIterator[T]:
            async for item in build(*args, **kwargs).async_items(client._run):
                yield item

        return method

    def _answer(self, result: Any, is_async: bool, is_raw: bool) -> Any:
        _, item = typing.get_args(result)
        return cast(Any, AsyncIterator if is_async else Iterator)[item]


class Steps(Generic[T]):
    """A helper's steps (``C.Step``: a call to run, or seconds to sleep) as an iterator; ``reply``
    is what the step just taken answered, ``result`` what the helper answers once they end."""

    def __init__(self, steps: Generator[C.Step, Any, T]) -> None:
        self._steps = steps
        self.reply: Any = None

    def __iter__(self) -> Iterator[C.Step]:
        try:
            while True:
                yield self._steps.send(self.reply)
        except StopIteration as done:
            self.result: T = done.value


class TaskWaiter(Protocol[I_co, V_co, L_co]):
    """``wait_for_task``'s types: it answers a task of the type it was given (or of the service of
    the task id); ``I_co``, ``V_co`` and ``L_co`` are what a client answers for each."""

    @overload
    def __call__(
        self, task: ImageTask, service: None = None, *, timeout: float = ..., interval: float = ...,
        max_interval: float = ..., on_update: OnUpdate = ...,
    ) -> I_co: ...

    @overload
    def __call__(
        self, task: VideoTask, service: None = None, *, timeout: float = ..., interval: float = ...,
        max_interval: float = ..., on_update: OnUpdate = ...,
    ) -> V_co: ...

    @overload
    def __call__(
        self, task: LinkedinTask, service: None = None, *, timeout: float = ..., interval: float = ...,
        max_interval: float = ..., on_update: OnUpdate = ...,
    ) -> L_co: ...

    @overload
    def __call__(
        self, task: str, service: Literal["image"], *, timeout: float = ..., interval: float = ...,
        max_interval: float = ..., on_update: OnUpdate = ...,
    ) -> I_co: ...

    @overload
    def __call__(
        self, task: str, service: Literal["video", "sora"], *, timeout: float = ..., interval: float = ...,
        max_interval: float = ..., on_update: OnUpdate = ...,
    ) -> V_co: ...

    @overload
    def __call__(
        self, task: str, service: Literal["linkedin"], *, timeout: float = ..., interval: float = ...,
        max_interval: float = ..., on_update: OnUpdate = ...,
    ) -> L_co: ...


class Waiter(_Method[..., Generator[C.Step, Any, Task]]):
    """A helper that takes steps (``wait_for_task``): each call it yields is run by the client's
    ``_run``, each sleep is ``time.sleep`` (``asyncio.sleep`` on the asynchronous client)."""

    @overload
    def __get__(self, client: None, owner: Optional[type] = None) -> Callable[..., Any]: ...

    @overload
    def __get__(
        self, client: SyncBase, owner: Optional[type] = None
    ) -> TaskWaiter[ImageTask, VideoTask, LinkedinTask]: ...

    @overload
    def __get__(self, client: AsyncBase, owner: Optional[type] = None) -> TaskWaiter[
        Coroutine[Any, Any, ImageTask], Coroutine[Any, Any, VideoTask], Coroutine[Any, Any, LinkedinTask]
    ]: ...

    def __get__(self, client: Any, owner: Optional[type] = None) -> Any:
        return super().__get__(client, owner)

    def _sync(self, build: Callable[..., Generator[C.Step, Any, Task]]) -> Callable[..., Any]:
        def method(client: Any, *args: Any, **kwargs: Any) -> Any:
            steps = Steps(build(*args, **kwargs))
            for step in steps:
                if isinstance(step, Call):
                    steps.reply = client._run(step)
                else:
                    time.sleep(step)
            return steps.result

        return method

    def _async(self, build: Callable[..., Generator[C.Step, Any, Task]]) -> Callable[..., Any]:
        async def method(client: Any, *args: Any, **kwargs: Any) -> Any:
            steps = Steps(build(*args, **kwargs))
            for step in steps:
                if isinstance(step, Call):
                    steps.reply = await client._run(step)
                else:
                    await asyncio.sleep(step)
            return steps.result

        return method

    def _answer(self, result: Any, is_async: bool, is_raw: bool) -> Any:
        return Any


class Endpoints:
    """The endpoint methods, one per endpoint: the clients' and their ``with_raw_response``'s."""

    # Image generation
    generate_image = Endpoint(C.generate_image)
    get_image_status = Endpoint(C.get_image_status)
    # Video generation
    create_video = Endpoint(C.create_video)
    get_video_status = Endpoint(C.get_video_status)
    # Sora watermark removal
    remove_sora_watermark_sync = Endpoint(C.remove_sora_watermark_sync)
    remove_sora_watermark = Endpoint(C.remove_sora_watermark)
    get_sora_status = Endpoint(C.get_sora_status)
    # LinkedIn scraping
    scrape_linkedin = Endpoint(C.scrape_linkedin)
    get_linkedin_status = Endpoint(C.get_linkedin_status)
    # Tasks of any service
    list_tasks = Endpoint(C.list_tasks)
    get_task = Endpoint(C.get_task)
    cancel_task = Endpoint(C.cancel_task)
    quote_price = Endpoint(C.quote_price)
    # Account
    list_models = Endpoint(C.list_models)
    get_account = Endpoint(C.get_account)
    # Uploads
    upload_file = Endpoint(C.upload_file)
    list_uploads = Endpoint(C.list_uploads)
    delete_upload = Endpoint(C.delete_upload)
    # Request log and events
    list_requests = Endpoint(C.list_requests)
    get_usage = Endpoint(C.get_usage)
    list_events = Endpoint(C.list_events)


class Client(Endpoints):
    """What ``Conduit`` and ``AsyncConduit`` share above their transport: options, the endpoint
    methods and the paging helpers."""

    _settings: Settings

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

    def with_options(
        self: ClientT, *, timeout: Optional[float] = None, max_retries: Optional[int] = None
    ) -> ClientT:
        """A copy of the client with another default timeout or number of retries."""
        s = self._settings
        return type(self)(
            s.api_key,
            s.base_url,
            timeout=s.timeout if timeout is None else timeout,
            max_retries=s.max_retries if max_retries is None else max_retries,
            api_version=s.api_version,
        )

    wait_for_task = Waiter(C.wait_for_task)
    iter_linkedin_posts = Pager(C.iter_linkedin_posts)
    iter_tasks = Pager(C.iter_tasks)
    iter_requests = Pager(C.iter_requests)
    iter_events = Pager(C.iter_events)
