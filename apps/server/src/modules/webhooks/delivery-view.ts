import type { WebhookAttempt, WebhookDelivery, WebhookDeliveryDetail } from '@conduit/contracts';
import type { WebhookAttemptRow, WebhookDeliveryRow } from '../events/schema.ts';

/** A delivery row as the log shows it. */
export const toDelivery = (row: WebhookDeliveryRow): WebhookDelivery => ({
  id: row.id,
  eventId: row.eventId,
  eventType: row.eventType as WebhookDelivery['eventType'],
  target: row.target,
  url: row.url,
  status: row.status,
  attempts: row.attempts,
  lastResponseStatus: row.lastResponseStatus,
  lastError: row.lastError,
  nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

export const toAttempt = (row: WebhookAttemptRow): WebhookAttempt => ({
  attempt: row.attempt,
  isManual: row.isManual,
  at: row.createdAt.toISOString(),
  url: row.url,
  requestHeaders: row.requestHeaders,
  responseStatus: row.responseStatus,
  error: row.error,
  responseBody: row.responseBody,
  latencyMs: row.latencyMs,
  nextRetryAt: row.nextRetryAt?.toISOString() ?? null,
});

export const toDeliveryDetail = (
  row: WebhookDeliveryRow,
  body: string,
  attempts: WebhookAttemptRow[],
): WebhookDeliveryDetail => ({ ...toDelivery(row), requestBody: body, attemptLog: attempts.map(toAttempt) });
