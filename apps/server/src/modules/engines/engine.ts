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

/** Which channel served a call and what the upstream charges us for it (channels/failover-engine.ts). */
export interface ServedBy {
  channel?: string;
  /** Millionths of a US dollar. */
  upstreamCostMicros?: number;
}

export interface LinkedinResult extends ServedBy {
  profile: LinkedinProfile;
  posts: LinkedinPost[];
  paginationToken: string | null;
  /** What the upstream runs of this call cost by their own results, millionths of a dollar. */
  runCostMicros?: number;
  /** An actor the call could not find (the profile actor): the operator is alerted, the call served. */
  missingActor?: string;
}

export interface StartedJob extends ServedBy {
  upstreamId: string;
  /**
   * The upstream will call us back when the job changes state (kie.ai with a callback URL): the
   * runner then skips the look right after the start, which would only find the job pending.
   */
  callsBack?: boolean;
}

/** One upstream serving one service, as the admin Channels tab lists it. */
export interface ChannelInfo {
  id: string;
  service: MediaService | 'linkedin';
  upstream: string;
  /** The upstream account's balance, when the upstream reports one. */
  upstreamBalance?: () => Promise<number>;
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
  readonly name: 'local' | 'kie' | 'fal';
  readonly isDevelopmentEngine: boolean;
  /** Starts a media job; `taskId` is ours (never shown upstream as anything but an opaque reference). */
  startJob(input: MediaInput, options: { taskId: string; callBackUrl?: string }): Promise<StartedJob>;
  /** `channel` is the one `startJob` named, for an engine that routes between several. */
  pollJob(service: MediaService, upstreamId: string, channel?: string | null): Promise<JobState>;
  /** LinkedIn runs synchronously: one call, the data or an error. */
  scrapeLinkedin(request: LinkedinRequest, options: { signal?: AbortSignal }): Promise<LinkedinResult>;
  /** Upstream account balance, when the engine has one (kie credits). */
  upstreamBalance?(): Promise<number>;
  /** The channels this engine routes between, when it has several (failover). */
  channels?(): ChannelInfo[];
  /** Reads the channels' states (on, order, circuit) afresh on the next call: an admin changed them. */
  channelsChanged?(): void;
  /** Releases what the engine holds (worker threads, sockets). */
  close?(): Promise<void>;
}
