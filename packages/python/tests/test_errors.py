import os
import unittest
from unittest import mock

from conduitapi import (
    APIConnectionError,
    APIStatusError,
    AuthenticationError,
    BadRequestError,
    Conduit,
    ConduitError,
    InsufficientCreditsError,
    NotFoundError,
    PermissionDeniedError,
    RateLimitError,
)

from .live import client, env


class ErrorsTest(unittest.TestCase):
    def test_402_carries_the_cost_and_the_balance(self) -> None:
        poor = client("CONDUIT_TEST_POOR_KEY")
        with self.assertRaises(InsufficientCreditsError) as raised:
            poor.create_video("too dear")
        error = raised.exception
        self.assertEqual((error.status, error.code), (402, "INSUFFICIENT_CREDITS"))
        self.assertEqual((error.required, error.available), (10, 3))
        self.assertTrue((error.request_id or "").startswith("req_"))
        self.assertEqual(poor.get_account().balance, 3)

    def test_403_names_the_service_the_key_may_not_call(self) -> None:
        scoped = client("CONDUIT_TEST_IMAGE_ONLY_KEY")
        with self.assertRaises(PermissionDeniedError) as raised:
            scoped.scrape_linkedin("satyanadella")
        self.assertEqual((raised.exception.status, raised.exception.code), (403, "KEY_SCOPE"))
        self.assertIn("linkedin", raised.exception.message.lower())
        self.assertEqual(scoped.get_account().balance, 5)

    def test_429_carries_retry_after(self) -> None:
        # No retries: the window resets in a minute, longer than a test should wait.
        limited = client("CONDUIT_TEST_LIMITED_KEY").with_options(max_retries=0)
        limited.get_account()
        with self.assertRaises(RateLimitError) as raised:
            limited.get_account()
        error = raised.exception
        self.assertEqual((error.status, error.code), (429, "RATE_LIMITED"))
        self.assertGreater(error.retry_after or 0, 0)
        self.assertIn("retry after", str(error))

    def test_400_names_the_field_and_charges_nothing(self) -> None:
        conduit = client()
        before = conduit.get_account().balance
        with self.assertRaises(BadRequestError) as raised:
            conduit.generate_image("A fox", image_size="7:7")  # type: ignore[arg-type]
        self.assertEqual((raised.exception.status, raised.exception.code), (400, "VALIDATION_FAILED"))
        self.assertEqual(raised.exception.field, "image_size")
        self.assertEqual(conduit.get_account().balance, before)

    def test_401_and_404(self) -> None:
        stranger = Conduit(api_key="cnd_live_nope", base_url=env("CONDUIT_BASE_URL"))
        with self.assertRaises(AuthenticationError) as raised:
            stranger.get_account()
        self.assertEqual((raised.exception.status, raised.exception.code), (401, "UNAUTHORIZED"))
        with self.assertRaises(NotFoundError) as missing:
            client().get_video_status("task_nope/../x")
        self.assertEqual((missing.exception.status, missing.exception.code), (404, "NOT_FOUND"))

    def test_an_unreachable_server_is_a_network_error(self) -> None:
        nowhere = Conduit(api_key="cnd_live_x", base_url="http://127.0.0.1:9", timeout=5, max_retries=0)
        with self.assertRaises(APIConnectionError) as raised:
            nowhere.get_account()
        self.assertIsInstance(raised.exception, ConduitError)
        self.assertNotIsInstance(raised.exception, APIStatusError)

    def test_an_unknown_api_version_is_refused_with_the_supported_ones(self) -> None:
        pinned = Conduit(api_key=env("CONDUIT_API_KEY"), base_url=env("CONDUIT_BASE_URL"), api_version="2019-01-01")
        with self.assertRaises(BadRequestError) as raised:
            pinned.get_account()
        self.assertEqual((raised.exception.code, raised.exception.field), ("VALIDATION_FAILED", "Conduit-Version"))
        self.assertIn("2026-12-01", raised.exception.message)
        self.assertEqual(raised.exception.headers.get("conduit-version"), "2026-12-01")

    def test_needs_a_key_and_a_base_url(self) -> None:
        with mock.patch.dict(os.environ, {}, clear=True):
            with self.assertRaisesRegex(ValueError, "CONDUIT_API_KEY"):
                Conduit(base_url="http://localhost")
            with self.assertRaisesRegex(ValueError, "CONDUIT_BASE_URL"):
                Conduit(api_key="cnd_live_x")


if __name__ == "__main__":
    unittest.main()
