import { ConduitClient } from '@conduit-api/client';

const conduit = new ConduitClient();

// The enabled models with their prices (free).
const { data: models } = await conduit.listModels();
for (const model of models) console.log(`${model.id} (${model.service}): ${model.credits} credits`);

// Each model's body is typed: quality is seedream-4.5's ('basic' | 'high'); a field the model
// does not take, or a value it refuses, does not compile.
const image = await conduit.generateImage({
  model: 'seedream-4.5',
  prompt: 'A lighthouse at dusk',
  quality: 'high',
  aspect_ratio: '16:9',
});
console.log(`seedream-4.5: ${image.data.creditsUsed} credits`);

const video = await conduit.createVideo({ model: 'kling-2.6', prompt: 'Waves', duration: 10, sound: true });
console.log(`kling-2.6: ${video.data.status}, ${video.data.creditsUsed} credits`);
