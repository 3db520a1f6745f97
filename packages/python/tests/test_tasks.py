"""Tasks of any service (list, get, cancel), quotes, max_credits, Cancel-After and Prefer: wait."""

import asyncio
import unittest
from typing import List

from conduitapi import AnyTask, AsyncConduit, ConflictError, InsufficientCreditsError, TaskPage

from .live import client, env, new_key

SORA_URL = "https://sora.chatgpt.com/p/s_68e83bd7eee88191be79d2ba7158516f"


class TasksTest(unittest.TestCase):
    def test_a_quoted_price_is_paid_and_max_credits_caps_it(self) -> None:
        conduit = client()
        quote = conduit.quote_price("image", {"prompt": "A quoted fox"})
        self.assertTrue(quote.quote_id.startswith("quo_"))
        self.assertGreater(quote.credits, 0)
        before = conduit.get_account().balance
        image = conduit.generate_image("A quoted fox", quote_id=quote.quote_id, max_credits=quote.credits)
        self.assertEqual(image.credits_used, quote.credits)
        self.assertEqual(conduit.get_account().balance, before - quote.credits)
        with self.assertRaises(InsufficientCreditsError) as raised:
            conduit.create_video("Too dear for the cap", max_credits=1)
        error = raised.exception
        self.assertEqual((error.status, error.code, error.max_credits), (402, "PRICE_ABOVE_MAX", 1))
        self.assertGreater(error.required or 0, 1)
        self.assertEqual(conduit.get_account().balance, before - quote.credits)

    def test_lists_and_reads_tasks_of_any_service(self) -> None:
        conduit = client()
        key = new_key()
        image = conduit.generate_image("A listed fox", idempotency_key=key, cancel_after=60)
        page = conduit.list_tasks(idempotency_key=key)
        self.assertIsInstance(page, TaskPage)
        self.assertEqual([task.task_id for task in page.data], [image.task_id])
        task = conduit.get_task(image.task_id)
        self.assertIsInstance(task, AnyTask)
        self.assertEqual((task.service, task.status, task.result_urls), ("image", "completed", image.result_urls))
        self.assertIsNotNone(task.deadline_at)
        first = conduit.list_tasks(limit=1, service="image")
        self.assertEqual(len(first.data), 1)
        self.assertIsNotNone(first.next_cursor)
        listed = list(conduit.iter_tasks(service="image", limit=1, max_pages=2))
        self.assertEqual(len(listed), 2)
        self.assertEqual({task.service for task in listed}, {"image"})
        self.assertNotEqual(listed[0].task_id, listed[1].task_id)

    def test_metadata_is_echoed_filters_the_list_and_groups_the_spend(self) -> None:
        conduit = client()
        customer = "py-" + new_key()
        image = conduit.generate_image("A fox with metadata", metadata={"customer": customer, "plan": "pro"})
        self.assertEqual(image.metadata, {"customer": customer, "plan": "pro"})
        posts = conduit.scrape_linkedin("satyanadella", metadata={"customer": customer})
        self.assertEqual(posts.metadata, {"customer": customer})
        page = conduit.list_tasks(metadata={"customer": customer, "plan": "pro"})
        self.assertEqual([task.task_id for task in page.data], [image.task_id])
        self.assertEqual(conduit.get_task(image.task_id).metadata["plan"], "pro")
        report = conduit.get_usage("customer")
        mine = [row for row in report.data if row.value == customer]
        self.assertEqual(len(mine), 1)
        self.assertEqual((mine[0].calls, mine[0].credits), (2, image.credits_used + posts.credits_used))
        requests = conduit.list_requests(metadata={"customer": customer})
        self.assertTrue(all(item.metadata["customer"] == customer for item in requests.data))

    def test_cancels_a_running_task_once(self) -> None:
        conduit = client()
        before = conduit.get_account().balance
        video = conduit.create_video("A video to cancel", cancel_after=600)
        canceled = conduit.cancel_task(video.task_id)
        self.assertEqual((canceled.task_id, canceled.outcome, canceled.status), (video.task_id, "canceled", "canceled"))
        self.assertEqual(canceled.credits_refunded, video.credits_used)
        self.assertEqual(conduit.get_account().balance, before)
        self.assertEqual(conduit.get_video_status(video.task_id).status, "canceled")
        with self.assertRaises(ConflictError) as raised:
            conduit.cancel_task(video.task_id)
        self.assertEqual(raised.exception.task_status, "canceled")

    def test_the_async_client_lists_reads_and_quotes(self) -> None:
        async def main() -> List[object]:
            conduit = AsyncConduit(api_key=env("CONDUIT_API_KEY"), base_url=env("CONDUIT_BASE_URL"))
            image = await conduit.generate_image("An async listed fox")
            page = await conduit.list_tasks(limit=1)
            task = await conduit.get_task(image.task_id)
            listed = [task async for task in conduit.iter_tasks(service="image", limit=1, max_pages=2)]
            quote = await conduit.quote_price("sora", {"video_url": SORA_URL})
            return [image.task_id, page.data[0].task_id, task.service, len(listed), quote.credits]

        task_id, newest, service, listed, credits = asyncio.run(main())
        self.assertEqual((newest, service, listed, credits), (task_id, "image", 2, 1))

    def test_prefer_wait_answers_the_settled_task(self) -> None:
        task = client().remove_sora_watermark(SORA_URL, prefer_wait=30)
        self.assertEqual(task.status, "completed")
        self.assertTrue(task.video_urls)


if __name__ == "__main__":
    unittest.main()
