import json
import time
import unittest
from http.server import HTTPServer
from typing import Dict, List, Mapping, Tuple

from conduitapi import (
    PaymentSucceededEvent,
    WebhookEvent,
    WebhookVerificationError,
    sign_webhook,
    verify_account_event,
    verify_event,
    verify_webhook,
)

from .live import client, env
from .stand_in import QuietHandler, serve

Received = Tuple[bytes, Dict[str, str]]


def start_receiver() -> Tuple[HTTPServer, List[Received]]:
    """A callBackUrl on 127.0.0.1 that keeps each call's raw body and headers."""
    received: List[Received] = []

    class Handler(QuietHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers.get("content-length", "0")))
            received.append((body, dict(self.headers.items())))
            self.send_response(204)
            self.end_headers()

    server, _ = serve(Handler)
    return server, received


class WebhooksTest(unittest.TestCase):
    def test_verifies_a_real_callback_and_refuses_tampered_ones(self) -> None:
        server, received = start_receiver()
        self.addCleanup(server.shutdown)
        url = f"http://127.0.0.1:{server.server_address[1]}/hook"
        image = client().generate_image("A signed fox", call_back_url=url)
        deadline = time.monotonic() + 30
        while not received and time.monotonic() < deadline:
            time.sleep(0.1)
        self.assertTrue(received, "the callback arrived")
        body, headers = received[0]
        secret = env("CONDUIT_TEST_WEBHOOK_SECRET")

        event = verify_webhook(body, headers, secret)
        self.assertEqual(event.type, "task.completed")
        self.assertEqual(event.data.task_id, image.task_id)
        self.assertEqual(event.data.result_urls, image.result_urls)

        tampered = body.replace(b"task.completed", b"task.failed")
        with self.assertRaises(WebhookVerificationError):
            verify_webhook(tampered, headers, secret)
        with self.assertRaises(WebhookVerificationError):
            verify_webhook(body, headers, "whsec_" + "QUJD" * 8)
        late = time.time() + 3600
        with self.assertRaises(WebhookVerificationError):
            verify_webhook(body, headers, secret, now=late)

    def test_accepts_one_matching_signature_among_several(self) -> None:
        secret = "whsec_" + "c2VjcmV0LWJ5dGVzLWZvci10aGUtdGVzdA=="
        old_secret = "whsec_" + "b2xkLXNlY3JldC1ieXRlcw=="
        payload = json.dumps(
            {
                "type": "task.failed",
                "timestamp": "2026-01-01T00:00:00.000Z",
                "data": {
                    "taskId": "task_1",
                    "status": "failed",
                    "message": "Task failed",
                    "creditsUsed": 0,
                    "timestamp": "2026-01-01T00:00:00.000Z",
                    "error": "The model refused the prompt",
                    "engine": {"engine": "local", "isDevelopmentEngine": True},
                },
            }
        )
        now = int(time.time())
        both = f"{sign_webhook(old_secret, 'msg_1', now, payload)} {sign_webhook(secret, 'msg_1', now, payload)}"
        headers = {"Webhook-Id": "msg_1", "Webhook-Timestamp": str(now), "Webhook-Signature": both}
        event = verify_webhook(payload, headers, secret)
        self.assertEqual((event.type, event.data.error), ("task.failed", "The model refused the prompt"))
        self.assertEqual(verify_webhook(payload, headers, old_secret).data.task_id, "task_1")
        with self.assertRaises(WebhookVerificationError):
            verify_webhook(payload, {**headers, "Webhook-Signature": "v1,bm9wZQ== v1,YWxzbyBub3Bl"}, secret)
        with self.assertRaises(WebhookVerificationError):
            verify_webhook(payload, {"Webhook-Id": "msg_1", "Webhook-Timestamp": str(now)}, secret)

    def test_verify_event_types_every_event_the_endpoint_receives(self) -> None:
        secret = "whsec_" + "c2VjcmV0LWJ5dGVzLWZvci10aGUtdGVzdA=="
        now = int(time.time())

        def signed(body: Mapping[str, object]) -> Tuple[str, Dict[str, str]]:
            payload = json.dumps(body)
            signature = sign_webhook(secret, "evt_1", now, payload)
            return payload, {"webhook-id": "evt_1", "webhook-timestamp": str(now), "webhook-signature": signature}

        data = {
            "workspaceId": "ws_1",
            "paymentId": "pay_1",
            "kind": "auto_topup",
            "credits": 500,
            "amountCents": 500,
            "currency": "usd",
        }
        paid = signed({"type": "payment.succeeded", "timestamp": "2026-01-01T00:00:00.000Z", "data": data})
        payment = verify_event(*paid, secret)
        assert isinstance(payment, PaymentSucceededEvent)
        self.assertEqual((payment.data.kind, payment.data.amount_cents), ("auto_topup", 500))
        self.assertIsInstance(verify_account_event(*paid, secret), PaymentSucceededEvent)
        task = {
            "type": "task.started",
            "timestamp": "2026-01-01T00:00:00.000Z",
            "data": {
                "taskId": "task_1",
                "status": "processing",
                "message": "Task accepted",
                "creditsUsed": 1,
                "timestamp": "2026-01-01T00:00:00.000Z",
                "engine": {"engine": "local", "isDevelopmentEngine": True},
            },
        }
        started = verify_event(*signed(task), secret)
        assert isinstance(started, WebhookEvent)
        self.assertEqual((started.type, started.data.status), ("task.started", "processing"))
        with self.assertRaises(WebhookVerificationError):
            verify_account_event(*signed(task), secret)
        with self.assertRaises(WebhookVerificationError):
            verify_event(*signed({**task, "type": "task.unknown"}), secret)


if __name__ == "__main__":
    unittest.main()
