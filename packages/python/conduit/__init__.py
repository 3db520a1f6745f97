"""Conduit's Python SDK: images, videos, Sora watermark removal and LinkedIn scraping.

    from conduit import Conduit

    client = Conduit(api_key="cnd_live_...", base_url="https://conduit.example.com")
    image = client.generate_image("A lighthouse at dusk", image_size="16:9")
    print(image.result_urls)
"""

from .client import Conduit, __version__
from .errors import ConduitError, WaitTimeout, WebhookVerificationError
from .models import (
    Account,
    EngineInfo,
    ImageTask,
    KeyControls,
    LinkedinAuthor,
    LinkedinMedia,
    LinkedinPost,
    LinkedinPostStats,
    LinkedinProfile,
    LinkedinTask,
    RateLimits,
    RemainingRequests,
    SpendLimit,
    Task,
    VideoTask,
    WebhookEvent,
    WebhookTask,
    Workspace,
)
from .webhooks import sign_webhook, verify_webhook

__all__ = [
    "Account",
    "Conduit",
    "ConduitError",
    "EngineInfo",
    "ImageTask",
    "KeyControls",
    "LinkedinAuthor",
    "LinkedinMedia",
    "LinkedinPost",
    "LinkedinPostStats",
    "LinkedinProfile",
    "LinkedinTask",
    "RateLimits",
    "RemainingRequests",
    "SpendLimit",
    "Task",
    "VideoTask",
    "WaitTimeout",
    "WebhookEvent",
    "WebhookTask",
    "WebhookVerificationError",
    "Workspace",
    "__version__",
    "sign_webhook",
    "verify_webhook",
]
