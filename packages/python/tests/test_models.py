"""The model catalogue through the SDK, against the running server: the list, and each model's own
fields as keyword arguments, charged the model's price."""

import asyncio
import unittest

from conduitapi import AsyncConduit, BadRequestError, CatalogueModel, ImageTask, ModelList

from .live import client, env


class ModelsTest(unittest.TestCase):
    def test_lists_the_enabled_models_with_their_prices_sync_and_async(self) -> None:
        models = client().list_models()
        self.assertIsInstance(models, ModelList)
        by_id = {model.id: model for model in models.data}
        seedream = by_id["seedream-4.5"]
        self.assertIsInstance(seedream, CatalogueModel)
        self.assertEqual((seedream.service, seedream.credits, seedream.is_default), ("image", 2, False))
        self.assertEqual(seedream.request_schema["properties"]["quality"]["enum"], ["basic", "high"])
        self.assertEqual((by_id["fast"].credits, by_id["fast"].is_default), (10, True))
        # Each body value that changes the price, priced before the call.
        loud = next(v for v in by_id["kling-2.6"].variants if v.variant == "10s-sound")
        self.assertEqual((loud.when, loud.credits), ({"duration": 10, "sound": True}, 26))

        async def main() -> ModelList:
            conduit = AsyncConduit(api_key=env("CONDUIT_API_KEY"), base_url=env("CONDUIT_BASE_URL"))
            return await conduit.list_models()

        self.assertEqual([model.id for model in asyncio.run(main()).data], list(by_id))

    def test_sends_a_models_own_fields_charged_its_price(self) -> None:
        conduit = client()
        before = conduit.get_account().balance
        image = conduit.generate_image("A fox", model="seedream-4.5", quality="high", aspect_ratio="16:9")
        self.assertEqual((image.status, image.credits_used), ("completed", 2))
        # aspect_ratio goes under kling's own name (Veo's is aspectRatio): the call is accepted.
        video = conduit.create_video("Waves", model="kling-2.6", aspect_ratio="1:1", duration=10, sound=True)
        # A 10 s video with sound sells for its variant's price.
        self.assertEqual((video.status, video.credits_used), ("processing", 26))
        self.assertEqual(conduit.get_account().balance, before - 28)

    def test_the_async_client_sends_a_models_own_fields(self) -> None:
        async def main() -> ImageTask:
            conduit = AsyncConduit(api_key=env("CONDUIT_API_KEY"), base_url=env("CONDUIT_BASE_URL"))
            return await conduit.generate_image("A fox", model="imagen4-fast", negative_prompt="blur", seed=7)

        image = asyncio.run(main())
        self.assertEqual((image.status, image.credits_used), ("completed", 1))

    def test_a_field_the_model_refuses_is_a_bad_request_with_nothing_charged(self) -> None:
        conduit = client()
        before = conduit.get_account().balance
        with self.assertRaises(BadRequestError) as raised:
            conduit.create_video("Waves", model="kling-2.6", duration=7)
        self.assertEqual((raised.exception.code, raised.exception.field), ("VALIDATION_FAILED", "duration"))
        with self.assertRaises(BadRequestError) as foreign:
            conduit.generate_image("A fox", model="seedream-4.5", image_size="16:9")
        self.assertIn("image_size", foreign.exception.message)
        self.assertEqual(conduit.get_account().balance, before)


if __name__ == "__main__":
    unittest.main()
