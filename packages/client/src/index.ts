export type {
  AccountAnswer,
  CancelAnswer,
  ImageTaskAnswer,
  LinkedinTaskAnswer,
  QuoteAnswer,
  Service,
  TaskAnswer,
  TaskListAnswer,
  VideoTaskAnswer,
} from '@conduit/contracts';
export { ConduitApiError, TaskWaitTimeout } from './api-error.ts';
export {
  type CallOptions,
  ConduitClient,
  type ConduitClientOptions,
  type ImageInput,
  type LinkedinInput,
  type PaidCallOptions,
  type QuoteInput,
  type SoraInput,
  type TaskAnswers,
  type TaskListFilters,
  type VideoInput,
  type WaitOptions,
} from './conduit-client.ts';
export { readEventStream, type StreamedEvent } from './event-stream.ts';
export { type AnyTaskAnswer, readTask } from './read-task.ts';
export { signWebhook, verifyWebhook, type WebhookHeaders } from './webhook-signature.ts';
