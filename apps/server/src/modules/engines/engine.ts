import type {
  ImageRequest,
  LinkedinPost,
  LinkedinProfile,
  LinkedinRequest,
  SoraRequest,
  VideoRequest,
} from '@conduit/contracts';

/** The media services run as upstream jobs: started once, then polled until they settle. */
export type MediaService = 'image' | 'video' | 'sora';

export type MediaInput =
  | { service: 'image'; request: ImageRequest }
  | { service: 'video'; request: VideoRequest }
  | { service: 'sora'; request: SoraRequest };

/** A finished file, either fetched by us from an upstream URL or produced in memory. */
export type ResultFile =
  | { kind: 'url'; url: string; contentType?: string }
  | { kind: 'bytes'; data: Buffer; contentType: string; extension: string };

export type JobState =
  | { state: 'pending'; detail?: string }
  | { state: 'succeeded'; files: ResultFile[] }
  /** The job ended without a result (upstream failure, moderation): the task is refunded. */
  | { state: 'failed'; reason: string };

export interface LinkedinResult {
  profile: LinkedinProfile;
  posts: LinkedinPost[];
  paginationToken: string | null;
}

/** Thrown by an engine when the upstream cannot take work now (429, 455, 5xx, timeouts). */
export class UpstreamUnavailable extends Error {
  readonly retryAfterMs?: number;
  constructor(message: string, retryAfterMs?: number) {
    super(message);
    this.name = 'UpstreamUnavailable';
    this.retryAfterMs = retryAfterMs;
  }
}

/** Thrown by an engine when the upstream refused the request itself (422, moderation, 501). */
export class UpstreamRejected extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UpstreamRejected';
  }
}

export interface Engine {
  readonly name: 'local' | 'kie';
  readonly isDevelopmentEngine: boolean;
  /** Starts a media job; `taskId` is ours (never shown upstream as anything but an opaque reference). */
  startJob(
    input: MediaInput,
    options: { taskId: string; callBackUrl?: string },
  ): Promise<{ upstreamId: string }>;
  pollJob(service: MediaService, upstreamId: string): Promise<JobState>;
  /** LinkedIn runs synchronously: one call, the data or an error. */
  scrapeLinkedin(request: LinkedinRequest, options: { signal?: AbortSignal }): Promise<LinkedinResult>;
  /** Upstream account balance, when the engine has one (kie credits). */
  upstreamBalance?(): Promise<number>;
  /** Releases what the engine holds (worker threads, sockets). */
  close?(): Promise<void>;
}
