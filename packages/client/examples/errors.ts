import {
  APIConnectionError,
  APIStatusError,
  ConduitClient,
  InsufficientCreditsError,
  RateLimitError,
} from '@conduit-api/client';

// At most 3 retries (429, 408, 5xx, no answer), and 60 s per attempt.
const conduit = new ConduitClient({ maxRetries: 3, timeout: 60_000 });

try {
  // Your own Idempotency-Key makes the call safe to repeat across runs of your program too.
  await conduit.createVideo({ prompt: 'A drone over green hills' }, { idempotencyKey: 'order-1234' });
} catch (error) {
  if (error instanceof InsufficientCreditsError) {
    console.log(`needs ${error.required} credits, has ${error.available} (request ${error.requestId})`);
  } else if (error instanceof RateLimitError) {
    console.log(`rate limited: retry after ${error.retryAfter} s`);
  } else if (error instanceof APIStatusError) {
    console.log(`refused: ${error.status} ${error.code}: ${error.message}`);
  } else if (error instanceof APIConnectionError) {
    console.log(`Conduit could not be reached: ${error.message}`);
  } else {
    throw error;
  }
}
