export type {
  AccountAnswer,
  CancelAnswer,
  EventItem,
  EventsAnswer,
  ImageModelId,
  ImageTaskAnswer,
  LinkedinTaskAnswer,
  ListedModel,
  ModelId,
  ModelInput,
  ModelsAnswer,
  QuoteAnswer,
  RequestLogAnswer,
  SendTestEventResponse,
  Service,
  TaskAnswer,
  TaskListAnswer,
  UsageByMetadataAnswer,
  VideoModelId,
  VideoTaskAnswer,
  WebhookSecretResponse,
} from '@conduit/contracts';
export {
  APIConnectionError,
  APIStatusError,
  APITimeoutError,
  AuthenticationError,
  BadRequestError,
  ConduitApiError,
  ConduitError,
  ConflictError,
  InsufficientCreditsError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  TaskWaitTimeout,
  UpstreamError,
} from './api-error.ts';
export { ApiPromise } from './api-promise.ts';
export {
  ConduitClient,
  type ConduitClientOptions,
  DEFAULT_BASE_URL,
  endpointPath,
  type ImageInput,
  type LinkedinInput,
  type ListOptions,
  type MetadataFilter,
  metadataQuery,
  type QuoteInput,
  type RequestLogEntry,
  type RequestOptions,
  type SoraInput,
  type TaskAnswers,
  type TaskListFilters,
  type TaskListItem,
  type UsageQuery,
  type VideoInput,
  type WaitOptions,
} from './conduit-client.ts';
export type { DownloadOptions, SavedFile } from './download.ts';
export { readEventStream, type StreamedEvent } from './event-stream.ts';
export { type CursorPage, PagePromise, type PageReader } from './pagination.ts';
export { type AnyTaskAnswer, readTask } from './read-task.ts';
export { DEFAULT_MAX_RETRIES, MAX_RETRY_AFTER_S } from './retry-policy.ts';
export type { CallOptions, PaidCallOptions, QueryValue, RawAnswer } from './transport.ts';
export { VERSION } from './version.ts';
export { signWebhook, verifyWebhook, type WebhookHeaders } from './webhook-signature.ts';
