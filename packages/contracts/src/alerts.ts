import { z } from 'zod';
import { APP_PATHS } from './app-paths.ts';
import { defineAppRoute } from './app-routes.ts';
import { ENDPOINT_DISABLE_AFTER_DAYS, EVENT_TYPES } from './event-types.ts';
import { PRODUCT_NAME } from './product.ts';
import {
  DeliveriesQuery,
  DeliveriesResponse,
  DeliveryParams,
  ResendResponse,
  SendTestEventBody,
  SendTestEventResponse,
  WebhookDeliveryDetail,
} from './webhook-deliveries.ts';

/**
 * Low-balance alerts and account webhooks (docs/product.md, "Low-balance alerts" and "Webhooks"):
 * a workspace picks up to 5 thresholds; each downward crossing sends one mail and one signed
 * `balance.low` event to the workspace's webhook endpoint.
 */
export const MAX_BALANCE_ALERTS = 5;
export const BALANCE_ALERT_MAX_THRESHOLD = 100_000_000;
/** After a rotation, deliveries carry the new and the previous signature this long. */
export const WEBHOOK_DUAL_SIGNING_HOURS = 24;
export const WEBHOOK_URL_MAX_LENGTH = 2048;
/** The window the burn rate is measured over. */
export const BURN_RATE_DAYS = 7;

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

export const ALERT_TEXTS = {
  title: 'Low-balance alerts',
  intro:
    'When the balance falls below a threshold, we email the account (in a team: its owners and billing members) and post a balance.low event to your webhook endpoint. Each alert sends once, and again after the balance has been back at or above it.',
  balanceNow: (balance: number) => `Balance now: ${plural(balance, 'credit')}.`,
  empty: 'No alerts yet.',
  thresholdLabel: 'Alert when the balance falls below (credits)',
  addSubmit: 'Add alert',
  addPending: 'Adding...',
  removeLabel: (threshold: number) => `Remove the alert at ${plural(threshold, 'credit')}`,
  thresholdText: (threshold: number) => `Below ${plural(threshold, 'credit')}`,
  readOnly: 'Owners, admins and billing members change the alerts.',
  /** Where the card says the balance.low events go, and where to set that up. */
  endpointNow: (url: string | null) =>
    url
      ? `balance.low events are posted to ${url}.`
      : 'No webhook endpoint is set, so no balance.low event is posted.',
  endpointLink: 'Set up the webhook endpoint',
  loadFailed: 'Failed to load low-balance alerts',
  thresholdInvalid: 'Enter a whole number of credits, 1 or more',
  thresholdTooLarge: `Enter at most ${BALANCE_ALERT_MAX_THRESHOLD.toLocaleString('en-US')} credits`,
  thresholdExists: (threshold: number) => `You already have an alert at ${plural(threshold, 'credit')}`,
  tooMany: `You can set at most ${MAX_BALANCE_ALERTS} alerts. Remove one to add another.`,
  notFound: 'Alert not found',
  added: 'Alert added',
  removed: 'Alert removed',
  addFailed: 'Failed to add the alert',
  removeFailed: 'Failed to remove the alert',
  armed: 'Armed',
  belowNow: 'Balance below: re-arms when it is back at or above',
  mailSubject: (threshold: number) => `Your ${PRODUCT_NAME} balance is below ${plural(threshold, 'credit')}`,
  mailHeading: 'Your balance is running low',
  mailBalance: (workspace: string, balance: number, threshold: number) =>
    `${workspace} has ${plural(balance, 'credit')} left, below the alert you set at ${plural(threshold, 'credit')}.`,
  mailAction: 'Buy credits',
  mailFootnote:
    'You receive this because you set a low-balance alert. Change your alerts on the Credits page. This alert sends again after the balance is back at or above its threshold and falls below it once more.',
} as const;

export const WEBHOOK_TEXTS = {
  endpointTitle: 'Webhook endpoint',
  endpointHelp:
    'The events you choose are posted here, signed with your webhook signing secret. Every delivery shows in the log below.',
  eventTypesLabel: 'Events sent to this endpoint',
  eventTypesInvalid: 'Choose at least one event',
  disabled: (at: string) =>
    `Switched off on ${at} after ${ENDPOINT_DISABLE_AFTER_DAYS} days of failed deliveries. Save the endpoint to switch it on again.`,
  disabledMailSubject: `Your ${PRODUCT_NAME} webhook endpoint was switched off`,
  disabledMailHeading: 'Your webhook endpoint was switched off',
  disabledMailBody: (url: string) =>
    `Every delivery to ${url} has failed for ${ENDPOINT_DISABLE_AFTER_DAYS} days, so we stopped sending to it. The events are kept: fix the endpoint, save it again on the Webhooks page, and resend what it missed from the Webhooks page or fetch it from the events API.`,
  disabledMailAction: 'Open the Webhooks page',
  pageTitle: 'Webhooks',
  pageIntro:
    'Your endpoint receives the events you choose, signed with your signing secret. Every delivery to it or to a callBackUrl is logged with each attempt and its answer.',
  loadEndpointFailed: 'Failed to load the webhook endpoint',
  logTitle: 'Delivery log',
  logIntro: 'A failed delivery is retried for about 3 days; Resend tries it again now.',
  noDeliveries: 'No deliveries match.',
  /** The log's empty state, by what the workspace has set up so far. */
  firstStepNoEndpoint:
    "No deliveries yet. Start by adding your endpoint URL above, then press Send test event: the delivery shows here with your endpoint's answer.",
  firstStepWithEndpoint:
    'No deliveries yet. Press Send test event above, or make a call with a callBackUrl: each delivery shows here with the answer it got.',
  logNotForRole: 'The delivery log shows calls and their results: owners, admins and developers see it.',
  localTitle: 'Testing on your own machine?',
  localExplanation:
    'Our servers post from the internet, so they cannot reach localhost or an address on a private network: such a URL is refused. Instead, run this beside your app: it streams your events and posts each, signed, to your local URL.',
  localCommand: 'conduit listen --forward-to http://localhost:8000/hook',
  /** Shown as soon as a local or private URL is typed, before the server refuses it. */
  localUrlTyped:
    'This address is on your machine or a private network, which our servers cannot reach: it will be refused. Use conduit listen (below) to receive events locally.',
  /** Why a member sees the endpoint read-only. */
  endpointReadOnly:
    'Owners, admins and billing members set the webhook endpoint: ask one of them to change it.',
  endpointHasTaskEvents:
    'This endpoint receives task events, which carry your calls and their results: only owners and admins change it.',
  taskEventsNeedCalls: 'Task events carry your calls and their results: owners and admins choose them.',
  taskEventsGroup: 'Task events',
  accountEventsGroup: 'Account events',
  currentEvents: 'Events sent',
  loadFailed: 'Failed to load the deliveries',
  filterStatus: 'Status',
  filterType: 'Event',
  filterFrom: 'From',
  filterTo: 'To',
  anyStatus: 'Any status',
  anyType: 'Any event',
  statusLabels: { pending: 'Retrying', succeeded: 'Delivered', failed: 'Failed' },
  resend: 'Resend',
  resendPending: 'Resending...',
  resendFailed: 'Failed to resend',
  resent: (status: number | null) =>
    status === null
      ? 'Resent: your endpoint could not be reached.'
      : `Resent: your endpoint answered HTTP ${status}.`,
  deliveryNotFound: 'Delivery not found',
  requestTitle: 'Request',
  answerTitle: 'Answer',
  attemptsTitle: 'Attempts',
  noAnswer: 'No answer',
  testSentToEndpoint: 'Test event sent: see its delivery in the log below.',
  testSent: (type: string) =>
    `Test ${type} event recorded: no endpoint is set, so only the event stream and the events API show it.`,
  listenHint:
    'Our servers cannot reach localhost or a private network. To receive webhooks on your own machine, run `conduit listen --forward-to <your local URL>`: it streams your events and posts each, signed, to the local URL.',
  urlLabel: 'Endpoint URL',
  noEndpoint: 'No endpoint set: account events are not sent.',
  saveSubmit: 'Save endpoint',
  savePending: 'Saving...',
  testButton: 'Send test event',
  testPending: 'Sending...',
  urlInvalid: 'Enter an http(s) URL',
  saved: 'Webhook endpoint saved',
  cleared: 'Webhook endpoint removed',
  saveFailed: 'Failed to save the webhook endpoint',
  needsEndpoint: 'Set a webhook endpoint first',
  testFailed: 'Failed to send the test event',
  testMessage: `A test event from ${PRODUCT_NAME}: your endpoint receives account events.`,
  testDelivered: (status: number) => `Test event delivered: your endpoint answered HTTP ${status}.`,
  testRefused: (status: number) => `Your endpoint answered HTTP ${status}: it did not accept the test event.`,
  testUnreachable: (reason: string) => `Your endpoint could not be reached: ${reason}.`,
  secretTitle: 'Webhook signing secret',
  secretHelp:
    'Calls to your callBackUrl and account events carry a webhook-signature header made with this secret: verify it to know a call came from us.',
  reveal: 'Reveal',
  hide: 'Hide',
  copy: 'Copy',
  rotateButton: 'Rotate',
  rotateSubmit: 'Rotate secret',
  rotatePending: 'Rotating...',
  newSecret: 'This is your new secret: give it to your receivers.',
  rotated: 'Webhook secret rotated',
  rotateFailed: 'Failed to rotate the webhook secret',
  rotateTitle: 'Rotate webhook secret',
  rotateExplanation: `A new secret is made now. For the next ${WEBHOOK_DUAL_SIGNING_HOURS} hours every delivery carries two signatures, one with the new secret and one with the current one, so your receivers keep working while you update them; after that only the new secret signs.`,
  dualSigningUntil: (until: string) => `Deliveries are signed with the previous secret too until ${until}.`,
} as const;

/** Credits a workspace spent over the last 7 days (usage net of refunds), and what that projects. */
export const BurnRate = z.object({
  creditsSpentLast7Days: z.number().int(),
  /** The 7-day average, two decimals. */
  creditsPerDay: z.number(),
  /** Whole days the balance lasts at that rate; null when nothing was spent. */
  daysLeft: z.number().int().nullable(),
});
export type BurnRate = z.infer<typeof BurnRate>;

/** The burn rate of `spent` credits over the last 7 days for `balance`. */
export function burnRateOf(balance: number, spent: number): BurnRate {
  if (spent <= 0) return { creditsSpentLast7Days: Math.max(spent, 0), creditsPerDay: 0, daysLeft: null };
  return {
    creditsSpentLast7Days: spent,
    creditsPerDay: Math.round((spent / BURN_RATE_DAYS) * 100) / 100,
    daysLeft: Math.floor((balance * BURN_RATE_DAYS) / spent),
  };
}

/** The line the mail, the event's readers and the alerts card show. */
export function burnRateText(burn: BurnRate): string {
  if (burn.daysLeft === null) return 'Nothing was spent in the last 7 days, so there is no rate to project.';
  const spent = `${plural(burn.creditsSpentLast7Days, 'credit')} spent in the last 7 days`;
  if (burn.daysLeft < 1) return `At your last 7 days' rate, less than a day left (${spent}).`;
  return `At your last 7 days' rate, about ${plural(burn.daysLeft, 'day')} left (${spent}).`;
}

const threshold = z
  .number({ error: ALERT_TEXTS.thresholdInvalid })
  .int({ error: ALERT_TEXTS.thresholdInvalid })
  .min(1, { error: ALERT_TEXTS.thresholdInvalid })
  .max(BALANCE_ALERT_MAX_THRESHOLD, { error: ALERT_TEXTS.thresholdTooLarge });

export const BalanceAlert = z.object({
  id: z.string(),
  threshold: z.number().int(),
  /** False from a crossing until the balance is back at or above the threshold. */
  isArmed: z.boolean(),
  lastFiredAt: z.string().nullable(),
});
export type BalanceAlert = z.infer<typeof BalanceAlert>;

export const AlertsResponse = z.object({
  alerts: z.array(BalanceAlert),
  maxAlerts: z.number().int(),
  balance: z.number().int(),
  burnRate: BurnRate,
  /** Where account events go; null for nowhere. */
  webhookUrl: z.string().nullable(),
  /** The event types the endpoint receives. */
  webhookEventTypes: z.array(z.enum(EVENT_TYPES)),
  /** When the endpoint was switched off for failing; null while it is on. */
  webhookDisabledAt: z.string().nullable(),
});
export type AlertsResponse = z.infer<typeof AlertsResponse>;

export const AddAlertBody = z.object({ threshold });
export type AddAlertBody = z.infer<typeof AddAlertBody>;
export const AlertResponse = z.object({ alert: BalanceAlert, message: z.string() });
export type AlertResponse = z.infer<typeof AlertResponse>;

export const SetWebhookEndpointBody = z.object({
  /** An http(s) URL on a public address; null removes the endpoint. */
  webhookUrl: z.string().trim().max(WEBHOOK_URL_MAX_LENGTH).nullable(),
  /** The event types it receives; absent keeps the current choice. */
  eventTypes: z
    .array(z.enum(EVENT_TYPES, { error: `must be among ${EVENT_TYPES.join(', ')}` }))
    .min(1, { error: WEBHOOK_TEXTS.eventTypesInvalid })
    .max(EVENT_TYPES.length)
    .optional(),
});
export type SetWebhookEndpointBody = z.infer<typeof SetWebhookEndpointBody>;
export const WebhookEndpointResponse = z.object({
  webhookUrl: z.string().nullable(),
  eventTypes: z.array(z.enum(EVENT_TYPES)),
  message: z.string(),
});
export type WebhookEndpointResponse = z.infer<typeof WebhookEndpointResponse>;

/** What the receiver did with the test event: its HTTP status, or null when it could not be reached. */
export const WebhookTestResponse = z.object({
  isDelivered: z.boolean(),
  status: z.number().int().nullable(),
  message: z.string(),
});
export type WebhookTestResponse = z.infer<typeof WebhookTestResponse>;

export const WebhookSecretResponse = z.object({
  secret: z.string(),
  /** The last rotation; null when the secret was never rotated. */
  rotatedAt: z.string().nullable(),
  /** Until when deliveries are also signed with the previous secret; null when they no longer are. */
  previousValidUntil: z.string().nullable(),
});
export type WebhookSecretResponse = z.infer<typeof WebhookSecretResponse>;
export const RotateWebhookSecretResponse = WebhookSecretResponse.extend({ message: z.string() });
export type RotateWebhookSecretResponse = z.infer<typeof RotateWebhookSecretResponse>;

const AlertIdParams = z.object({ id: z.string().min(1).max(100) });

/** Alerts: reading needs `viewSpend`, changes need `buyCredits` (docs/product.md, "Low-balance alerts"). */
export const ALERT_ROUTES = {
  list: defineAppRoute({ ...APP_PATHS.balanceAlerts, response: AlertsResponse }),
  add: defineAppRoute({ ...APP_PATHS.addBalanceAlert, body: AddAlertBody, response: AlertResponse }),
  remove: defineAppRoute({
    ...APP_PATHS.removeBalanceAlert,
    params: AlertIdParams,
    response: z.object({ message: z.string() }),
  }),
};

/** The endpoint needs `buyCredits` (it sits with the alerts); the secret needs `useKeys`. */
export const WEBHOOK_ROUTES = {
  setEndpoint: defineAppRoute({
    ...APP_PATHS.setWebhookEndpoint,
    body: SetWebhookEndpointBody,
    response: WebhookEndpointResponse,
  }),
  testEndpoint: defineAppRoute({ ...APP_PATHS.testWebhookEndpoint, response: WebhookTestResponse }),
  secret: defineAppRoute({ ...APP_PATHS.webhookSecret, response: WebhookSecretResponse }),
  rotateSecret: defineAppRoute({ ...APP_PATHS.rotateWebhookSecret, response: RotateWebhookSecretResponse }),
  /** The delivery log, resend and test events also take an API key (the CLI uses them). */
  deliveries: defineAppRoute({
    ...APP_PATHS.webhookDeliveries,
    query: DeliveriesQuery,
    response: DeliveriesResponse,
  }),
  delivery: defineAppRoute({
    ...APP_PATHS.webhookDelivery,
    params: DeliveryParams,
    response: WebhookDeliveryDetail,
  }),
  resend: defineAppRoute({
    ...APP_PATHS.resendWebhookDelivery,
    params: DeliveryParams,
    response: ResendResponse,
  }),
  sendTest: defineAppRoute({
    ...APP_PATHS.sendWebhookTest,
    body: SendTestEventBody,
    response: SendTestEventResponse,
  }),
};

/** The body of every account event: Standard Webhooks' `type`, `timestamp` and `data`. */
const accountEvent = <Type extends string, Data extends z.ZodRawShape>(type: Type, data: Data) =>
  z.object({ type: z.literal(type), timestamp: z.string(), data: z.object(data) });

/** Posted once per downward crossing of an alert's threshold. */
export const BalanceLowEvent = accountEvent('balance.low', {
  workspaceId: z.string(),
  balance: z.number().int(),
  threshold: z.number().int(),
  creditsSpentLast7Days: z.number().int(),
  creditsPerDay: z.number(),
  daysLeft: z.number().int().nullable(),
});
export type BalanceLowEvent = z.infer<typeof BalanceLowEvent>;

/** Posted by "Send test event". */
export const WebhookTestEvent = accountEvent('webhook.test', {
  workspaceId: z.string(),
  message: z.string(),
});
export type WebhookTestEvent = z.infer<typeof WebhookTestEvent>;
