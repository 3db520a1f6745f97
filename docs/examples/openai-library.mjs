// Conduit through the official `openai` library (npm install openai): only the base URL and the key
// change. Run: CONDUIT_API_KEY=cnd_live_... node openai-library.mjs ./cat.png
import { readFile, writeFile } from 'node:fs/promises';
import OpenAI, { toFile } from 'openai';

const client = new OpenAI({
  apiKey: process.env.CONDUIT_API_KEY,
  baseURL: `${process.env.CONDUIT_BASE_URL ?? 'http://localhost:3000'}/v1`,
});

// Every enabled image and video model.
for await (const model of client.models.list()) console.log('model', model.id);

// Two images (two calls at the model's price), 16:9.
const images = await client.images.generate({
  model: 'nano-banana',
  prompt: 'A lighthouse at dusk, oil painting',
  n: 2,
  size: '1792x1024',
});
for (const image of images.data ?? []) console.log('image', image.url);

// An edit of a file on disk, answered as base64.
const edited = await client.images.edit({
  model: 'nano-banana',
  image: await toFile(await readFile(process.argv[2] ?? 'cat.png'), 'cat.png', { type: 'image/png' }),
  prompt: 'Give the cat a party hat',
  response_format: 'b64_json',
});
await writeFile('hat.png', Buffer.from(edited.data?.[0]?.b64_json ?? '', 'base64'));
console.log('edited hat.png');

// A video job: create, poll, download the MP4.
let video = await client.videos.create({
  model: 'fast',
  prompt: 'A drone over green hills',
  size: '1280x720',
});
while (video.status === 'queued' || video.status === 'in_progress') {
  await new Promise((resolve) => setTimeout(resolve, 2000));
  video = await client.videos.retrieve(video.id);
}
if (video.status === 'failed') throw new Error(video.error?.message);
const content = await client.videos.downloadContent(video.id);
await writeFile('hills.mp4', Buffer.from(await content.arrayBuffer()));
console.log('video hills.mp4');
