import {
  BalanceLowEvent,
  type BalanceLowEvent as BalanceLowEventBody,
  PRODUCT_NAME,
  TaskWebhookEvent,
  WEBHOOK_TEXTS,
  WebhookTestEvent,
  type WebhookTestEvent as WebhookTestEventBody,
  webhookExample,
} from '@conduit/contracts';
import type { z } from 'zod';
import { refTo } from './openapi-components.ts';

const EXAMPLE_WORKSPACE = 'team_3k8d2m9x4q7w1e5r';
const EXAMPLE_TIMESTAMP = '2026-01-01T00:00:00.000Z';

const signed = (name: string, description: string, example: string) => ({
  name,
  in: 'header',
  required: true,
  description,
  schema: { type: 'string' },
  example,
});

/** The Standard Webhooks headers every call we sign carries (webhooks/post-webhook.ts). */
const SIGNATURE_HEADERS = [
  signed(
    'webhook-id',
    'Unique per event: the same id on every retry, so deduplicate by it.',
    'msg_task_7d2k9q4x1m8w3e6r',
  ),
  signed('webhook-timestamp', 'Unix seconds when the call was signed.', '1767225600'),
  signed(
    'webhook-signature',
    '`v1,` and the base64 HMAC-SHA256 of `id.timestamp.body`, keyed by the bytes of your secret after `whsec_`; several signatures are separated by spaces.',
    'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
  ),
];

const VERIFY =
  'Signed the Standard Webhooks way (standardwebhooks.com) with the `whsec_` secret shown under API Keys: verify the signature over `webhook-id.webhook-timestamp.body` and refuse timestamps older than 5 minutes.';

function event(
  operationId: string,
  summary: string,
  description: string,
  schema: z.ZodType,
  example: unknown,
) {
  return {
    post: {
      operationId,
      summary,
      description: `${description} ${VERIFY}`,
      security: [],
      parameters: SIGNATURE_HEADERS,
      requestBody: { required: true, content: { 'application/json': { schema: refTo(schema), example } } },
      responses: { '2XX': { description: 'Received; anything else is retried.' } },
    },
  };
}

const balanceLowExample: BalanceLowEventBody = {
  type: 'balance.low',
  timestamp: EXAMPLE_TIMESTAMP,
  data: {
    workspaceId: EXAMPLE_WORKSPACE,
    balance: 45,
    threshold: 50,
    creditsSpentLast7Days: 210,
    creditsPerDay: 30,
    daysLeft: 1,
  },
};

const testExample: WebhookTestEventBody = {
  type: 'webhook.test',
  timestamp: EXAMPLE_TIMESTAMP,
  data: { workspaceId: EXAMPLE_WORKSPACE, message: WEBHOOK_TEXTS.testMessage },
};

/** Every call we post: task callbacks to a callBackUrl, and account events to the workspace's endpoint. */
export function buildWebhooks(serverUrl: string) {
  return {
    taskSettled: event(
      'taskSettled',
      'A task settled',
      'Sent to the callBackUrl of an image, video or Sora task when it completes or fails. Any answer but a 2xx is retried with exponential back-off for about a day.',
      TaskWebhookEvent,
      webhookExample(serverUrl),
    ),
    balanceLow: event(
      'balanceLow',
      'The balance fell below an alert threshold',
      `Posted to the workspace's webhook endpoint (set under API Keys in ${PRODUCT_NAME}) once per downward crossing of a low-balance alert, retried like task callbacks.`,
      BalanceLowEvent,
      balanceLowExample,
    ),
    webhookTest: event(
      'webhookTest',
      'A test event',
      'Posted at once, without retries, when "Send test event" is pressed, so you can check your endpoint.',
      WebhookTestEvent,
      testExample,
    ),
  };
}
