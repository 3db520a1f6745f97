import unittest

from conduitapi import ImageTask, LinkedinTask, VideoTask, WaitTimeout

from .live import client, new_key

SORA_URL = "https://sora.chatgpt.com/p/s_68e83bd7eee88191be79d2ba7158516f"


class ServicesTest(unittest.TestCase):
    def setUp(self) -> None:
        self.conduit = client()

    def balance(self) -> int:
        return self.conduit.get_account().balance

    def test_generates_an_image_once_per_idempotency_key(self) -> None:
        before = self.balance()
        key = new_key()
        image = self.conduit.generate_image("A fox in the snow", image_size="16:9", idempotency_key=key)
        self.assertIsInstance(image, ImageTask)
        self.assertEqual(image.status, "completed")
        self.assertEqual(image.credits_used, 1)
        self.assertEqual(len(image.result_urls or []), 1)
        self.assertTrue(image.engine.is_development_engine)
        again = self.conduit.generate_image("A fox in the snow", image_size="16:9", idempotency_key=key)
        self.assertEqual(again.task_id, image.task_id)
        self.assertEqual(self.balance(), before - 1)
        self.assertEqual(self.conduit.get_image_status(image.task_id).result_urls, image.result_urls)

    def test_creates_a_video_and_waits_for_it_with_back_off(self) -> None:
        before = self.balance()
        video = self.conduit.create_video("A drone over hills", aspect_ratio="9:16", model="fast")
        self.assertEqual(video.status, "processing")
        updates = []
        done = self.conduit.wait_for_task(
            video, interval=0.2, timeout=60, on_update=lambda task, elapsed: updates.append((task.status, elapsed))
        )
        self.assertIsInstance(done, VideoTask)
        self.assertEqual(done.status, "completed")
        self.assertTrue((done.video_urls or [""])[0].endswith(".mp4"))
        self.assertEqual(updates[-1][0], "completed")
        self.assertGreater(len(updates), 1)
        self.assertEqual(self.balance(), before - 10)

    def test_wait_for_task_gives_up_at_the_deadline_with_the_task(self) -> None:
        video = self.conduit.create_video("A slow sunrise")
        with self.assertRaises(WaitTimeout) as raised:
            self.conduit.wait_for_task(video.task_id, "video", timeout=0)
        self.assertEqual(raised.exception.task.task_id, video.task_id)
        self.assertEqual(raised.exception.task.status, "processing")

    def test_removes_a_sora_watermark_waiting_or_as_a_task(self) -> None:
        synced = self.conduit.remove_sora_watermark_sync(SORA_URL)
        self.assertEqual(synced.status, "completed")
        self.assertTrue(synced.video_urls)
        started = self.conduit.remove_sora_watermark(SORA_URL, idempotency_key=new_key())
        self.assertEqual(started.status, "processing")
        done = self.conduit.wait_for_task(started, interval=0.2, timeout=60)
        self.assertEqual(done.status, "completed")
        self.assertEqual(self.conduit.get_sora_status(started.task_id).video_urls, done.video_urls)

    def test_scrapes_a_linkedin_profile_page_by_page(self) -> None:
        first = self.conduit.scrape_linkedin("satyanadella", limit=2)
        self.assertIsInstance(first, LinkedinTask)
        self.assertEqual(first.profile.username if first.profile else None, "satyanadella")
        self.assertEqual(len(first.posts or []), 2)
        post = (first.posts or [])[0]
        self.assertIsInstance(post.stats.likes, int)
        self.assertTrue(post.author.name)
        self.assertTrue(first.pagination_token)
        following = self.conduit.scrape_linkedin("satyanadella", limit=2, pagination_token=first.pagination_token)
        self.assertTrue(following.posts)
        self.assertFalse({p.id for p in following.posts or []} & {p.id for p in first.posts or []})
        self.assertEqual(self.conduit.get_linkedin_status(first.task_id).task_id, first.task_id)

    def test_reads_the_account(self) -> None:
        account = self.conduit.get_account()
        self.assertEqual(account.workspace.kind, "personal")
        self.assertIn(account.tier, ("free", "pro", "enterprise"))
        self.assertGreater(account.limits.per_minute, 0)
        self.assertLessEqual(account.remaining.minute, account.limits.per_minute)
        self.assertGreaterEqual(account.balance, 0)


if __name__ == "__main__":
    unittest.main()
