/**
 * Test mode (docs/product.md, "Test mode"): a key is made `live` or `test`. A test
 * key's calls are served by the development engine, never reach an upstream, never charge and are
 * not limited by the balance; its answers, tasks, events and webhooks carry `livemode: false`, and
 * it sees only test data, as a live key sees only live data. Plain values only (no zod): the web
 * app's every request reads LIVEMODE_HEADER.
 */
export const KEY_MODES = ['live', 'test'] as const;
export type KeyMode = (typeof KEY_MODES)[number];

/** The engine that answers every test call, whatever the deployment's engine. */
export const TEST_MODE_ENGINE = { name: 'local', isDevelopmentEngine: true } as const;

/** How each mode's secrets begin: recognisable in logs and secret scanners. */
export const API_KEY_PREFIXES: Record<KeyMode, string> = { live: 'cnd_live_', test: 'cnd_test_' };

/**
 * The header the web app sends with a session's reads to see test data ("View test data"):
 * `Conduit-Livemode: false`. Without it a session sees live data. A key's reads always see its own
 * mode's data; the header is ignored for them.
 */
export const LIVEMODE_HEADER = 'conduit-livemode';

/** The livemode a session's request asks for by its header value: only `false` means test data. */
export const livemodeOfHeader = (value: string | string[] | undefined): boolean =>
  (Array.isArray(value) ? value[0] : value)?.trim().toLowerCase() !== 'false';

/** Texts the web app shows about test mode. */
export const TEST_MODE_TEXTS = {
  switchLabel: 'View test data',
  banner: 'Test mode: you are viewing test data. Test calls are free and never reach an upstream.',
  badge: 'Test',
  modeLabel: 'Mode',
  liveOption: 'Live: calls are charged and run upstream',
  testOption: 'Test: free calls on the development engine, test data only',
} as const;

/** The reason a `[timeout]` test call fails with: the same words as a task past its deadline. */
export const DEADLINE_REASON = 'The task did not finish before its deadline';
/** The reason a `[moderation]` test call fails with. */
export const MODERATION_REASON =
  'The request was refused by content moderation: the prompt or an input image was flagged';
/** The reason a `[fail]` call fails with (the development engine's failed generation). */
export const GENERATION_FAILED_REASON = 'The model could not generate this request';

/** The longest `[delay=Ns]` a test call takes, in seconds. */
export const TEST_DELAY_MAX_S = 600;
/** How long a `[timeout]` test call runs before it fails as a task past its deadline, in seconds. */
export const TEST_TIMEOUT_AFTER_S = 2;

export type TestTrigger =
  | { kind: 'fail' }
  | { kind: 'moderation' }
  | { kind: 'timeout' }
  | { kind: 'delay'; seconds: number };

/**
 * The test triggers, in one table (docs, the development engine and its tests read it): a marker
 * anywhere in a call's prompt (image and video), `video_url` (Sora) makes the development engine
 * answer as described. LinkedIn usernames cannot hold brackets: one starting with `fail-` fails.
 */
export const TEST_TRIGGERS = [
  {
    marker: '[fail]',
    outcome: 'failed',
    description: `The generation fails upstream: the task ends \`failed\` with the error "${GENERATION_FAILED_REASON}" and its credits are refunded (a test call was charged nothing). A LinkedIn username starting with \`fail-\` fails the same way ("Profile not found or has no public posts").`,
  },
  {
    marker: '[moderation]',
    outcome: 'failed',
    description: `The upstream's moderation refuses the request at its start: the task ends \`failed\` with the error "${MODERATION_REASON}", refunded.`,
  },
  {
    marker: '[timeout]',
    outcome: 'failed',
    description: `The job never finishes: after ${TEST_TIMEOUT_AFTER_S} s (instead of the service's whole deadline) the task ends \`failed\` with the error "${DEADLINE_REASON}", as a task past its deadline does, refunded.`,
  },
  {
    marker: '[delay=5s]',
    outcome: 'completed',
    description: `The job takes at least the given time (1 to ${TEST_DELAY_MAX_S} seconds, \`[delay=30s]\`) before it completes: longer than a sync endpoint's wait, the call answers 202 \`processing\` and the task completes later.`,
  },
] as const;

const DELAY = /\[delay=(\d{1,4})s\]/;

/** The trigger a text holds, the first in TEST_TRIGGERS order; undefined for none. */
export function testTriggerOf(text: string): TestTrigger | undefined {
  if (text.includes('[fail]') || text.includes(encodeURIComponent('[fail]'))) return { kind: 'fail' };
  if (text.includes('[moderation]') || text.includes(encodeURIComponent('[moderation]')))
    return { kind: 'moderation' };
  if (text.includes('[timeout]') || text.includes(encodeURIComponent('[timeout]')))
    return { kind: 'timeout' };
  const delay = DELAY.exec(text) ?? DELAY.exec(decodeURIComponentSafe(text));
  if (delay) {
    const seconds = Math.min(TEST_DELAY_MAX_S, Math.max(1, Number(delay[1])));
    return { kind: 'delay', seconds };
  }
  return undefined;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
