"""The request log (list_requests, iter_requests), the events API (list_events, iter_events) and the
task events a call_back_url asks for (webhook_events), with both clients."""

import asyncio
import time
import unittest
from typing import Callable, List, Optional, Set, Tuple, TypeVar

from conduitapi import AsyncConduit, Event, NotFoundError, RequestLogItem, WebhookEvent, verify_webhook

from .live import client, env
from .test_webhooks import Received, start_receiver

SORA_URL = "https://sora.chatgpt.com/p/s_68e83bd7eee88191be79d2ba7158516f"
T = TypeVar("T")


def eventually(read: Callable[[], Optional[T]], timeout: float = 10.0) -> T:
    """``read()`` until it answers something: the request log is written a moment after the answer."""
    deadline = time.monotonic() + timeout
    while True:
        found = read()
        if found is not None:
            return found
        if time.monotonic() > deadline:
            raise AssertionError("not found in time")
        time.sleep(0.2)


def types_received(received: List[Received], count: int, timeout: float = 30.0) -> Set[str]:
    """The verified event types of the first ``count`` calls a receiver got."""
    deadline = time.monotonic() + timeout
    while len(received) < count and time.monotonic() < deadline:
        time.sleep(0.1)
    secret = env("CONDUIT_TEST_WEBHOOK_SECRET")
    return {verify_webhook(body, headers, secret).type for body, headers in received}


def receiver_url(test: unittest.TestCase) -> Tuple[str, List[Received]]:
    server, received = start_receiver()
    test.addCleanup(server.shutdown)
    return f"http://127.0.0.1:{server.server_address[1]}/hook", received


class RequestLogTest(unittest.TestCase):
    def test_lists_refused_and_accepted_requests(self) -> None:
        conduit = client()
        with self.assertRaises(NotFoundError) as raised:
            conduit.get_task("task_not_there")
        request_id = raised.exception.request_id

        def refused() -> Optional[RequestLogItem]:
            return next((item for item in conduit.list_requests(status=404).data if item.request_id == request_id), None)

        item = eventually(refused)
        self.assertEqual((item.method, item.status, item.code), ("GET", 404, "NOT_FOUND"))
        self.assertEqual(item.endpoint, "/api/provider/tasks/:taskId")
        self.assertIsNone(item.service)
        self.assertTrue(all(400 <= entry.status < 500 for entry in conduit.list_requests(status="4xx").data))
        self.assertTrue(all(entry.code == "NOT_FOUND" for entry in conduit.list_requests(code="NOT_FOUND").data))

        first = conduit.list_requests(limit=1)
        self.assertEqual(len(first.data), 1)
        self.assertIsNotNone(first.next_cursor)
        listed = list(conduit.iter_requests(limit=1, max_pages=2))
        self.assertEqual(len(listed), 2)
        self.assertNotEqual(listed[0].request_id, listed[1].request_id)


class EventsTest(unittest.TestCase):
    def test_lists_a_tasks_events_with_their_webhook_bodies(self) -> None:
        conduit = client()
        image = conduit.generate_image("An evented fox")

        def completed() -> Optional[Event]:
            events = conduit.list_events(type="task.completed").data
            return next((event for event in events if event.data.get("taskId") == image.task_id), None)

        event = eventually(completed)
        self.assertTrue(event.id.startswith("evt_"))
        self.assertFalse(event.is_test)
        payload = event.payload
        assert isinstance(payload, WebhookEvent)
        self.assertEqual((payload.type, payload.data.task_id), ("task.completed", image.task_id))
        self.assertEqual(payload.data.result_urls, image.result_urls)

        later = conduit.generate_image("A later fox")

        def since_first() -> Optional[List[Event]]:
            events = conduit.list_events(after=event.id).data
            has_later = any(item.type == "task.completed" and item.data.get("taskId") == later.task_id for item in events)
            return events if has_later else None

        after = eventually(since_first)
        self.assertNotIn(event.id, {item.id for item in after})
        self.assertIn(later.task_id, {item.data.get("taskId") for item in after})
        self.assertEqual(
            {item.type for item in after if item.data.get("taskId") == later.task_id},
            {"task.started", "task.completed"},
        )

        first = conduit.list_events(limit=1)
        self.assertEqual(len(first.data), 1)
        self.assertIsNotNone(first.next_cursor)
        listed = list(conduit.iter_events(type="task.started", limit=1, max_pages=2))
        self.assertEqual([item.type for item in listed], ["task.started", "task.started"])
        self.assertNotEqual(listed[0].id, listed[1].id)

    def test_webhook_events_chooses_what_the_call_back_url_receives(self) -> None:
        url, received = receiver_url(self)
        client().generate_image("A fox heard twice", call_back_url=url, webhook_events=["started", "completed"])
        self.assertEqual(types_received(received, 2), {"task.started", "task.completed"})

    def test_the_async_client_lists_requests_and_events_and_filters_webhooks(self) -> None:
        url, received = receiver_url(self)

        async def main() -> Tuple[str, List[RequestLogItem], List[Event], List[Event], List[RequestLogItem]]:
            conduit = AsyncConduit(api_key=env("CONDUIT_API_KEY"), base_url=env("CONDUIT_BASE_URL"))
            task = await conduit.remove_sora_watermark_sync(SORA_URL, call_back_url=url, webhook_events=["started"])
            await asyncio.sleep(1)  # the request log is written a moment after the answer
            requests = (await conduit.list_requests(limit=5)).data
            events = (await conduit.list_events(type="task.started", limit=5)).data
            listed = [event async for event in conduit.iter_events(limit=1, max_pages=2)]
            logged = [item async for item in conduit.iter_requests(status="2xx", limit=1, max_pages=2)]
            return task.task_id, requests, events, listed, logged

        task_id, requests, events, listed, logged = asyncio.run(main())
        self.assertIn(task_id, {item.task_id for item in requests})
        self.assertIn(task_id, {event.data.get("taskId") for event in events})
        self.assertEqual(len(listed), 2)
        self.assertEqual(len(logged), 2)
        self.assertTrue(all(200 <= item.status < 300 for item in logged))
        # Only task.started was asked for: the completion is not posted.
        self.assertEqual(types_received(received, 1), {"task.started"})
        time.sleep(1)
        self.assertEqual(types_received(received, 1), {"task.started"})


if __name__ == "__main__":
    unittest.main()
