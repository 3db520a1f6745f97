# Conduit through the official `openai` library (pip install openai): only the base URL and the key
# change. Run: CONDUIT_API_KEY=cnd_live_... python openai-library.py ./cat.png
import base64
import os
import sys
import time

from openai import OpenAI

client = OpenAI(
    api_key=os.environ["CONDUIT_API_KEY"],
    base_url=os.environ.get("CONDUIT_BASE_URL", "http://localhost:3000") + "/v1",
)

# Every enabled image and video model.
for model in client.models.list():
    print("model", model.id)

# Two images (two calls at the model's price), 16:9.
images = client.images.generate(
    model="nano-banana", prompt="A lighthouse at dusk, oil painting", n=2, size="1792x1024"
)
for image in images.data or []:
    print("image", image.url)

# An edit of a file on disk, answered as base64.
with open(sys.argv[1] if len(sys.argv) > 1 else "cat.png", "rb") as cat:
    edited = client.images.edit(
        model="nano-banana", image=cat, prompt="Give the cat a party hat", response_format="b64_json"
    )
with open("hat.png", "wb") as out:
    out.write(base64.b64decode(edited.data[0].b64_json))
print("edited hat.png")

# A video job: create, poll, download the MP4.
video = client.videos.create(model="fast", prompt="A drone over green hills", size="1280x720")
while video.status in ("queued", "in_progress"):
    time.sleep(2)
    video = client.videos.retrieve(video.id)
if video.status == "failed":
    raise SystemExit(video.error.message if video.error else "failed")
client.videos.download_content(video.id).write_to_file("hills.mp4")
print("video hills.mp4")
