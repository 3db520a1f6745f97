"""Retries, timeouts and idempotency keys, against a stand-in server that answers what each test scripts."""

import asyncio
import json
import time
import unittest
from http.server import ThreadingHTTPServer
from typing import Any, Dict, List, Optional, Tuple

from conduitapi import (
    APIConnectionError,
    APITimeoutError,
    AsyncConduit,
    Conduit,
    ConflictError,
    RateLimitError,
    UpstreamError,
)

from .stand_in import QuietHandler, serve

TASK = {
    "taskId": "task_x",
    "status": "completed",
    "message": "ok",
    "creditsUsed": 1,
    "timestamp": "2026-01-01T00:00:00.000Z",
    "engine": {"engine": "local", "isDevelopmentEngine": True},
}
#: (status, headers, body, seconds to wait first); "drop" closes the connection without an answer.
Scripted = Tuple[Any, Dict[str, str], Any, float]


class StandIn:
    def __init__(self, script: List[Scripted], method: Optional[str] = None) -> None:
        self.script = list(script)
        #: when set, only requests of this method take the script's answers; the others get a plain 200
        self.method = method
        self.seen: List[Dict[str, Any]] = []
        stand_in = self

        class Handler(QuietHandler):
            def handle_any(self) -> None:
                length = int(self.headers.get("content-length", "0"))
                self.rfile.read(length)
                stand_in.seen.append({"at": time.monotonic(), "headers": {k.lower(): v for k, v in self.headers.items()}})
                scripted = stand_in.script and stand_in.method in (None, self.command)
                status, headers, body, delay = stand_in.script.pop(0) if scripted else (200, {}, None, 0)
                time.sleep(delay)
                if status == "drop":
                    self.close_connection = True
                    self.connection.close()
                    return
                payload = json.dumps(body if body is not None else {"success": True, "data": TASK}).encode()
                try:
                    self.send_response(status)
                    for name, value in headers.items():
                        self.send_header(name, value)
                    self.send_header("content-type", "application/json")
                    self.send_header("content-length", str(len(payload)))
                    self.end_headers()
                    self.wfile.write(payload)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up waiting (the timeout test)

        self.server, self.url = serve(Handler, ThreadingHTTPServer)

    def client(self, **options: Any) -> Conduit:
        return Conduit(api_key="cnd_live_retry", base_url=self.url, **options)


def error(status: int, code: str, headers: Optional[Dict[str, str]] = None, delay: float = 0) -> Scripted:
    body = {"success": False, "error": code.lower(), "code": code, "requestId": f"req_{status}"}
    return (status, headers or {}, body, delay)


class RetriesTest(unittest.TestCase):
    def stand_in(self, script: List[Scripted], method: Optional[str] = None) -> StandIn:
        stand_in = StandIn(script, method)
        self.addCleanup(stand_in.server.server_close)
        self.addCleanup(stand_in.server.shutdown)
        return stand_in

    def test_a_paid_call_is_retried_with_one_idempotency_key_for_all_attempts(self) -> None:
        server = self.stand_in([error(503, "SERVICE_UNAVAILABLE"), error(502, "UPSTREAM_FAILED")])
        image = server.client().generate_image("A fox")
        self.assertEqual(image.task_id, "task_x")
        keys = [request["headers"].get("idempotency-key") for request in server.seen]
        self.assertEqual(len(keys), 3)
        self.assertTrue(keys[0] and keys[0].startswith("conduit-python-retry-"))
        self.assertEqual(len(set(keys)), 1)
        # The next call is another call: another key.
        server.client().generate_image("A fox")
        self.assertNotEqual(server.seen[-1]["headers"].get("idempotency-key"), keys[0])

    def test_gives_up_after_two_retries_with_the_last_error(self) -> None:
        server = self.stand_in([error(500, "INTERNAL")] * 3)
        with self.assertRaises(UpstreamError) as raised:
            server.client().get_account()
        self.assertEqual((raised.exception.status, raised.exception.request_id), (500, "req_500"))
        self.assertEqual(len(server.seen), 3)

    def test_429_waits_what_retry_after_asks(self) -> None:
        server = self.stand_in([error(429, "RATE_LIMITED", {"retry-after": "1"})])
        image = server.client().with_raw_response.generate_image("A fox")
        self.assertEqual((image.status_code, image.retries_taken), (200, 1))
        self.assertGreaterEqual(server.seen[1]["at"] - server.seen[0]["at"], 0.95)

    def test_no_retry_for_what_will_not_change(self) -> None:
        for status, code, cls in ((409, "CONFLICT", ConflictError), (429, "RATE_LIMITED", RateLimitError)):
            with self.subTest(status=status):
                server = self.stand_in([error(status, code, {"x-should-retry": "false"} if status == 429 else {})])
                with self.assertRaises(cls):
                    server.client().get_account()
                self.assertEqual(len(server.seen), 1)

    def test_a_409_in_progress_is_retried(self) -> None:
        server = self.stand_in([error(409, "CONFLICT", {"retry-after": "0.1"})])
        self.assertEqual(server.client().generate_image("A fox").task_id, "task_x")
        self.assertEqual(len(server.seen), 2)

    def test_a_dropped_connection_is_retried_then_raised(self) -> None:
        server = self.stand_in([("drop", {}, None, 0)])
        self.assertEqual(server.client().get_image_status("task_x").task_id, "task_x")
        server = self.stand_in([("drop", {}, None, 0)] * 3)
        with self.assertRaises(APIConnectionError):
            server.client(max_retries=2).get_image_status("task_x")
        self.assertEqual(len(server.seen), 3)

    def test_a_call_takes_its_own_timeout(self) -> None:
        server = self.stand_in([(200, {}, None, 1.5)])
        started = time.monotonic()
        with self.assertRaises(APITimeoutError):
            server.client(max_retries=0).get_image_status("task_x", timeout=0.3)
        self.assertLess(time.monotonic() - started, 1.2)

    def test_the_async_client_retries_too(self) -> None:
        # The 503 goes to the paid POST only: the two calls run at once, in either order.
        server = self.stand_in([error(503, "SERVICE_UNAVAILABLE")], method="POST")

        async def main() -> Tuple[str, str]:
            conduit = AsyncConduit(api_key="cnd_live_retry", base_url=server.url)
            image, status = await asyncio.gather(
                conduit.generate_image("A fox"), conduit.with_options(max_retries=0).get_image_status("task_x")
            )
            return image.task_id, status.task_id

        self.assertEqual(asyncio.run(main()), ("task_x", "task_x"))
        self.assertEqual(len(server.seen), 3)


if __name__ == "__main__":
    unittest.main()
