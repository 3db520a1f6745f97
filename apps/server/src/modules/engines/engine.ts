import type {
  ImageRequest,
  LinkedinPost,
  LinkedinProfile,
  LinkedinRequest,
  SoraRequest,
  VideoRequest,
} from '@conduit/contracts';
import type { KieAccountUse } from './kie-accounts.ts';

/** The media services run as upstream jobs: started once, then polled until they settle. */
export type MediaService = 'image' | 'video' | 'sora';

/** A request as the engines take it: `model` absent means the service's default model. */
type WithModel<T extends { model: string }> = Omit<T, 'model'> & { model?: T['model'] };

export type MediaInput =
  | { service: 'image'; request: WithModel<ImageRequest> }
  | { service: 'video'; request: WithModel<VideoRequest> }
  | { service: 'sora'; request: SoraRequest };

/** A finished file, either fetched by us from an upstream URL or produced in memory. */
export type ResultFile =
  | { kind: 'url'; url: string; contentType?: string }
  | { kind: 'bytes'; data: Buffer; contentType: string; extension: string };

export type JobState =
  | { state: 'pending'; detail?: string }
  | { state: 'succeeded'; files: ResultFile[] }
  /**
   * The job ended without a result (upstream failure, moderation): the task is refunded.
   * `upstreamBilled: false` when the upstream's own answer says it ran nothing we pay for (a failed
   * generation, a job it never recorded); otherwise the task keeps the channel's price as its
   * upstream cost (docs/upstreams.md, "What each task cost upstream").
   */
  | {
      state: 'failed';
      reason: string;
      upstreamBilled?: boolean;
      /** A passing upstream error ("try again later"): a new job may succeed (Veo's errorCode 500). */
      retryable?: boolean;
    };

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
  /** The upstream account that took the job, when the channel has several (kie.ai's pool): polled with it. */
  upstreamAccount?: string;
}

/**
 * What asking an upstream to stop a job did: `stopped` (nothing more will run or be billed: the
 * local stand-in), `requested` (the upstream took the request; the job ending without a result
 * confirms it), `finished` (too late: the job already ended, polling tells how), `unsupported`
 * (the upstream cannot stop jobs, kie.ai).
 */
export type CancelOutcome = 'stopped' | 'requested' | 'finished' | 'unsupported';

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

/**
 * The upstream's own rate was reached (our pace across all processes, or its 429): the job was not
 * taken and is started once a slot frees. A pace, not an outage: never failed over, never counted
 * against a channel's circuit.
 */
export class UpstreamPaced extends UpstreamUnavailable {
  constructor(message: string, retryAfterMs: number) {
    super(message, retryAfterMs);
    this.name = 'UpstreamPaced';
  }
}

/**
 * A request sent whose answer never came back whole (a timeout, a connection broken after the send,
 * a 5xx): the upstream may have acted on it. A connection never made is plain UpstreamUnavailable.
 */
export class UpstreamAnswerLost extends UpstreamUnavailable {
  constructor(message: string, retryAfterMs?: number) {
    super(message, retryAfterMs);
    this.name = 'UpstreamAnswerLost';
  }
}

/**
 * A create the upstream may have accepted although its answer was lost
 * (docs/upstreams.md, "Lost creates"): kie has no idempotency key, so it is never sent again and never failed over. The task
 * waits for the upstream's signed callback (`recoverable`: it was asked to call back with our task)
 * or, at the end of that wait, is refunded with the call recorded as possibly billed.
 * The failover engine fills in the channel and what it charges.
 */
export class UpstreamCreateLost extends Error {
  readonly recoverable: boolean;
  channel?: string;
  /** The upstream account the create was sent with (kie.ai's pool): its callback and polls use it. */
  account?: string;
  upstreamCostMicros?: number;
  constructor(message: string, recoverable: boolean) {
    super(message);
    this.name = 'UpstreamCreateLost';
    this.recoverable = recoverable;
  }
}

/**
 * Thrown by an engine when the upstream refused the request itself (422, moderation, 501).
 * `possiblyBilled`: the upstream does not promise such a refusal is free (fal.ai bills all but
 * 5xx answers): the task records the channel's price; the failover engine fills both in.
 */
export class UpstreamRejected extends Error {
  readonly possiblyBilled: boolean;
  channel?: string;
  upstreamCostMicros?: number;
  constructor(message: string, options: { possiblyBilled?: boolean } = {}) {
    super(message);
    this.name = 'UpstreamRejected';
    this.possiblyBilled = options.possiblyBilled ?? false;
  }
}

export interface Engine {
  readonly name: 'local' | 'kie' | 'fal';
  readonly isDevelopmentEngine: boolean;
  /** Starts a media job; `taskId` is ours (never shown upstream as anything but an opaque reference). */
  startJob(
    input: MediaInput,
    /** `credits`: what this call pays, for a failover's margin floor (channels/failover-engine.ts). */
    options: {
      taskId: string;
      callBackUrl?: string;
      credits?: number;
      /** False for a test key's task: served by the development engine (test-mode-engine.ts). */
      livemode?: boolean;
    },
  ): Promise<StartedJob>;
  /**
   * `channel` is the one `startJob` named, for an engine that routes between several; `startedAt`
   * when the upstream took the job (kie.ai answers "no record" for a while after a create);
   * `model` the catalogue model of the task (kie.ai polls its jobs and Veo APIs apart); `account`
   * the upstream account that took it (`StartedJob.upstreamAccount`).
   */
  pollJob(
    service: MediaService,
    upstreamId: string,
    channel?: string | null,
    startedAt?: Date | null,
    model?: string,
    account?: string | null,
  ): Promise<JobState>;
  /** Asks the upstream to stop a started job; absent when the upstream cannot (kie.ai). */
  cancelJob?(service: MediaService, upstreamId: string, channel?: string | null): Promise<CancelOutcome>;
  /** LinkedIn runs synchronously: one call, the data or an error. */
  scrapeLinkedin(
    request: LinkedinRequest,
    /** `chargedCredits`: what the customer pays for the call, the bound of the upstream runs' charge caps. */
    options: { signal?: AbortSignal; chargedCredits?: number; livemode?: boolean },
  ): Promise<LinkedinResult>;
  /** Upstream account balance, when the engine has one (kie credits). */
  upstreamBalance?(): Promise<number>;
  /** Each upstream account's pace use and balance, when the engine has a pool of them (kie.ai). */
  upstreamAccounts?(): Promise<KieAccountUse[]>;
  /** The channels this engine routes between, when it has several (failover). */
  channels?(): ChannelInfo[];
  /** Reads the channels' states (on, order, circuit) afresh on the next call: an admin changed them. */
  channelsChanged?(): void;
  /** Releases what the engine holds (worker threads, sockets). */
  close?(): Promise<void>;
}
