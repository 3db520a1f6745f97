import { ConduitClient } from '@conduit-api/client';

// Reads CONDUIT_API_KEY and CONDUIT_BASE_URL from the environment (or pass apiKey and baseUrl).
const conduit = new ConduitClient();

// Sync endpoints wait for the result (an image up to 120 s). Failed calls are retried; a retried
// paid call reuses its Idempotency-Key, so it is charged once.
const image = await conduit.generateImage({ prompt: 'A lighthouse at dusk', image_size: '16:9' });
const [imageUrl] = image.data.resultUrls ?? [];
if (imageUrl) {
  const saved = await conduit.saveFile(imageUrl, 'lighthouse.png');
  console.log(`image: ${imageUrl} (${saved.bytes} bytes saved)`);
}

// Async endpoints answer a task id at once; waitForTask reads it until it settles.
const video = await conduit.createVideo({ prompt: 'A drone over green hills' });
const done = await conduit.waitForTask(video.data.taskId, 'video', { intervalMs: 1_000 });
console.log(`video: ${done.data.status} ${done.data.videoUrls?.join(' ')}`);

// The raw answer too: its status and headers (RateLimit, X-Request-Id).
const { data: account, response } = await conduit.getAccount().withResponse();
console.log(`balance: ${account.data.balance} (RateLimit: ${response.headers.get('ratelimit')})`);
