import type { z } from 'zod';
import { API_ENDPOINT_DOCS, type ApiEndpointDoc, type ApiEndpointId } from './api-reference.ts';
import {
  AccountAnswer,
  CancelAnswer,
  ImageTaskAnswer,
  LinkedinTaskAnswer,
  QuoteAnswer,
  RequestLogAnswer,
  TaskAnswer,
  TaskListAnswer,
  TaskListQuery,
  VideoTaskAnswer,
} from './api-responses.ts';
import { UsageByMetadataAnswer, UsageByMetadataQuery } from './metadata.ts';
import { ModelsAnswer } from './models.ts';
import { ImageRequest, LinkedinRequest, QuoteRequest, SoraRequest, VideoRequest } from './provider.ts';
import { RequestLogApiQuery } from './request-log.ts';
import { EventsAnswer, EventsQuery } from './webhook-events.ts';

/** What the server validates an endpoint's call with, and what it answers. */
interface EndpointSchemas {
  body?: z.ZodType;
  /** The query parameters a list endpoint takes. */
  query?: z.ZodObject;
  /** The success answer (`{success: true, data}`); sync endpoints answer it with 200 or, still processing, 202. */
  response: z.ZodType;
}

/** Every endpoint of the catalogue (api-reference.ts) must appear here, and only those. */
const SCHEMAS: Record<ApiEndpointId, EndpointSchemas> = {
  generateImage: { body: ImageRequest, response: ImageTaskAnswer },
  getImageStatus: { response: ImageTaskAnswer },
  createVideo: { body: VideoRequest, response: VideoTaskAnswer },
  getVideoStatus: { response: VideoTaskAnswer },
  removeSoraWatermarkSync: { body: SoraRequest, response: VideoTaskAnswer },
  removeSoraWatermark: { body: SoraRequest, response: VideoTaskAnswer },
  getSoraStatus: { response: VideoTaskAnswer },
  scrapeLinkedin: { body: LinkedinRequest, response: LinkedinTaskAnswer },
  getLinkedinStatus: { response: LinkedinTaskAnswer },
  listTasks: { query: TaskListQuery, response: TaskListAnswer },
  getTask: { response: TaskAnswer },
  cancelTask: { response: CancelAnswer },
  quotePrice: { body: QuoteRequest, response: QuoteAnswer },
  getAccount: { response: AccountAnswer },
  listModels: { response: ModelsAnswer },
  listRequests: { query: RequestLogApiQuery, response: RequestLogAnswer },
  listEvents: { query: EventsQuery, response: EventsAnswer },
  getUsage: { query: UsageByMetadataQuery, response: UsageByMetadataAnswer },
};

/** A catalogue endpoint with its schemas: what the OpenAPI document, the field tables and the client read. */
export interface ApiEndpoint extends ApiEndpointDoc, EndpointSchemas {
  id: ApiEndpointId;
}

export const API_ENDPOINTS: readonly ApiEndpoint[] = API_ENDPOINT_DOCS.map((doc) => ({
  ...doc,
  ...SCHEMAS[doc.id],
}));

export const findEndpoint = (id: string): ApiEndpoint => {
  const endpoint = API_ENDPOINTS.find((candidate) => candidate.id === id);
  if (!endpoint) throw new Error(`Unknown API endpoint ${id}`);
  return endpoint;
};

/** An endpoint's path as the server's router writes it: `{taskId}` becomes `:taskId`. */
export const routerPath = (id: ApiEndpointId): string => findEndpoint(id).path.replace(/\{(\w+)\}/g, ':$1');
