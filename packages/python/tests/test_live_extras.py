"""The async client, raw answers, result downloads and the posts iterator, against the running server."""

import asyncio
import tempfile
import unittest
from pathlib import Path
from typing import List

from conduitapi import AsyncConduit, ImageTask, NotFoundError, VideoTask

from .live import client, env, new_key

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


class LiveExtrasTest(unittest.TestCase):
    def test_the_async_client_generates_and_waits(self) -> None:
        async def main() -> List[object]:
            conduit = AsyncConduit(api_key=env("CONDUIT_API_KEY"), base_url=env("CONDUIT_BASE_URL"))
            image, video = await asyncio.gather(
                conduit.generate_image("An async fox"), conduit.create_video("An async drone")
            )
            done = await conduit.wait_for_task(video, interval=0.2, timeout=60)
            with self.assertRaises(NotFoundError):
                await conduit.get_image_status("task_doesnotexist00")
            return [image, done]

        image, done = asyncio.run(main())
        self.assertIsInstance(image, ImageTask)
        self.assertIsInstance(done, VideoTask)
        self.assertEqual((getattr(image, "status"), getattr(done, "status")), ("completed", "completed"))

    def test_the_raw_answer_carries_the_headers_and_the_parsed_result(self) -> None:
        conduit = client()
        before = conduit.get_account().balance
        key = new_key()
        raw = conduit.with_raw_response.generate_image("A raw fox", idempotency_key=key)
        self.assertEqual(raw.status_code, 200)
        self.assertEqual(raw.api_version, "2026-12-01")
        self.assertEqual((raw.credits_charged, raw.credits_remaining), (1, before - 1))
        self.assertEqual(raw.credits_refunded, 0)
        self.assertIs(raw.idempotent_replayed, False)
        self.assertTrue((raw.request_id or "").startswith("req_"))
        image = raw.parse()
        self.assertEqual(raw.json()["data"]["taskId"], image.task_id)
        replay = conduit.with_raw_response.generate_image("A raw fox", idempotency_key=key)
        self.assertEqual((replay.credits_charged, replay.idempotent_replayed), (1, True))
        self.assertEqual(replay.parse().task_id, image.task_id)
        self.assertEqual(conduit.get_account().balance, before - 1)

    def test_downloads_a_result_file_as_bytes_or_to_a_folder(self) -> None:
        conduit = client()
        image = conduit.generate_image("A fox to download")
        url = (image.result_urls or [""])[0]
        self.assertTrue(url.startswith(env("CONDUIT_BASE_URL") + "/files/"))
        content = conduit.download_result_file(url)
        self.assertTrue(content.startswith(PNG_SIGNATURE))
        with tempfile.TemporaryDirectory() as folder:
            written = conduit.download_result_file(url, folder)
            self.assertEqual(written.parent, Path(folder))
            self.assertEqual(written.read_bytes(), content)
        with self.assertRaises(NotFoundError):
            conduit.download_result_file(url.rsplit("/", 1)[0] + "/aaaaaaaaaaaaaaaaaaaa.png")

    def test_uploads_a_local_file_and_edits_it_by_its_url(self) -> None:
        conduit = client()
        source = conduit.download_result_file((conduit.generate_image("A cat").result_urls or [""])[0])
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "cat.png"
            path.write_bytes(source)
            upload = conduit.upload_file(path)
        self.assertEqual((upload.content_type, upload.bytes), ("image/png", len(source)))
        self.assertEqual(conduit.download_result_file(upload.url), source)
        edited = conduit.generate_image("Give the cat a hat", image_urls=[upload.url])
        self.assertEqual(edited.status, "completed")
        self.assertIn(upload.id, [item.id for item in conduit.list_uploads().data])
        self.assertTrue(conduit.delete_upload(upload.id).deleted)
        with self.assertRaises(NotFoundError):
            conduit.download_result_file(upload.url)

    def test_iterates_posts_across_pages(self) -> None:
        conduit = client()
        before = conduit.get_account().balance
        posts = list(conduit.iter_linkedin_posts("satyanadella", limit=2, max_pages=2))
        self.assertEqual(len(posts), 4)
        self.assertEqual(len({post.id for post in posts}), 4)
        self.assertEqual(conduit.get_account().balance, before - 4)


if __name__ == "__main__":
    unittest.main()
