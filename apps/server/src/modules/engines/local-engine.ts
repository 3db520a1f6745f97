import {
  DEADLINE_REASON,
  DEFAULT_MODEL,
  GENERATION_FAILED_REASON,
  type ImageSize,
  type LinkedinPost,
  type LinkedinRequest,
  MODERATION_REASON,
  modelOfBody,
  TEST_TIMEOUT_AFTER_S,
  testTriggerOf,
  type VideoRequest,
} from '@conduit/contracts';
import type { Engine, JobState, LinkedinResult, MediaInput, MediaService } from './engine.ts';
import { UpstreamRejected } from './engine.ts';
import type { RenderJob } from './media/render-job.ts';
import { createRenderPool } from './media/render-pool.ts';
import { createRandom, hashText, pickOne, randomInt, stableJson } from './media/seed.ts';

/**
 * The development engine (docs/architecture.md, "Real parts and stand-ins"): real, valid files and data made
 * deterministically from the request, labelled "DEV ENGINE", so the whole platform runs and is
 * testable with no upstream account. Equal requests give equal pixels and posts.
 *
 * Every job is described completely by its upstream id, so any process can poll a job another
 * process started, as with a real upstream. The test triggers of the contracts' TEST_TRIGGERS
 * (test-mode.ts) in a prompt or Sora URL make a job fail (`[fail]`), be refused by moderation
 * (`[moderation]`), time out (`[timeout]`) or take a given time (`[delay=5s]`), and a LinkedIn
 * username starting with `fail-` is not found, so developers can exercise every branch of their
 * integration (docs/product.md, "Test mode"). Test keys' calls always run here (test-mode-engine.ts).
 */
export const FAIL_MARKER = '[fail]';
/** LinkedIn usernames cannot hold brackets: a username starting with this is "not found". */
export const LINKEDIN_FAIL_PREFIX = 'fail-';

/** How long a job "runs" before its result is ready: short, but long enough to poll once. */
export const LOCAL_JOB_MS: Record<MediaService, number> = { image: 0, video: 3_000, sora: 1_500 };

interface LocalJob extends RenderJob {
  startedAt: number;
  fail: boolean;
  /** `[timeout]`: never finishes; fails as a task past its deadline after TEST_TIMEOUT_AFTER_S. */
  timeout?: boolean;
  /** `[delay=Ns]`: runs at least this long. */
  delayMs?: number;
}

/** The job with the test trigger its text holds (TEST_TRIGGERS); `moderation` is refused at the start. */
function withTrigger(job: LocalJob, text: string): LocalJob & { moderation?: boolean } {
  const trigger = testTriggerOf(text);
  if (!trigger) return job;
  if (trigger.kind === 'fail') return { ...job, fail: true };
  if (trigger.kind === 'moderation') return { ...job, moderation: true };
  if (trigger.kind === 'timeout') return { ...job, timeout: true };
  return { ...job, delayMs: trigger.seconds * 1000 };
}

const CAPTION_MAX = 240;
const IMAGE_LONG_SIDE = 1024;

const IMAGE_RATIOS: Record<ImageSize, readonly [number, number]> = {
  '1:1': [1, 1],
  '9:16': [9, 16],
  '16:9': [16, 9],
  '3:4': [3, 4],
  '4:3': [4, 3],
  '3:2': [3, 2],
  '2:3': [2, 3],
  '5:4': [5, 4],
  '4:5': [4, 5],
  '21:9': [21, 9],
  auto: [1, 1],
};

/** Pixel size for an aspect ratio: the long side fixed, both sides even. */
function sizeFor([w, h]: readonly [number, number], longSide: number) {
  const even = (value: number) => Math.max(2, Math.round(value / 2) * 2);
  return w >= h
    ? { width: longSide, height: even((longSide * h) / w) }
    : { width: even((longSide * w) / h), height: longSide };
}

function videoSize(aspectRatio: VideoRequest['aspectRatio']) {
  return aspectRatio === '9:16' ? { width: 360, height: 640 } : { width: 640, height: 360 };
}

/**
 * A catalogue model beyond the defaults: its name on the picture or video before the prompt, its
 * aspect ratio and file type where it has them, so each model's result is recognisable offline.
 */
function describeModelJob(input: MediaInput, seed: string, startedAt: number): LocalJob | undefined {
  if (input.service === 'sora') return undefined;
  const model = modelOfBody(input.service, input.request);
  if (!model || model.id === DEFAULT_MODEL[model.service] || model.id === 'standard') return undefined;
  const request = input.request as Record<string, unknown>;
  const prompt = String(request.prompt ?? '');
  const caption = `[${model.name}] ${prompt}`.slice(0, CAPTION_MAX);
  const ratio = IMAGE_RATIOS[request.aspect_ratio as ImageSize] ?? IMAGE_RATIOS['1:1'];
  const fail = prompt.includes(FAIL_MARKER);
  if (model.service === 'image') {
    const format = request.output_format === 'jpg' ? 'jpeg' : 'png';
    return { service: 'image', seed, caption, ...sizeFor(ratio, IMAGE_LONG_SIDE), format, startedAt, fail };
  }
  const size = request.aspect_ratio === '9:16' ? videoSize('9:16') : videoSize('16:9');
  return { service: 'video', seed, caption, ...size, format: 'mp4', startedAt, fail };
}

/** The text a job's test triggers are read from: the prompt and input URLs, or the Sora URL. */
function triggerText(input: MediaInput): string {
  if (input.service === 'sora') return input.request.video_url;
  const request = input.request as { prompt?: string; image_urls?: string[]; imageUrls?: string[] };
  return [request.prompt ?? '', ...(request.image_urls ?? []), ...(request.imageUrls ?? [])].join(' ');
}

function describeJob(input: MediaInput, startedAt: number) {
  return withTrigger(describePlainJob(input, startedAt), triggerText(input));
}

function describePlainJob(input: MediaInput, startedAt: number): LocalJob {
  const { callBackUrl: _ignored, ...request } = input.request;
  const seed = hashText(stableJson({ service: input.service, request }));
  const modelJob = describeModelJob(input, seed, startedAt);
  if (modelJob) return modelJob;
  if (input.service === 'image') {
    const { prompt, image_urls, output_format, image_size } = input.request;
    return {
      service: 'image',
      seed,
      caption: prompt.slice(0, CAPTION_MAX),
      ...sizeFor(IMAGE_RATIOS[image_size], IMAGE_LONG_SIDE),
      format: output_format,
      startedAt,
      fail: prompt.includes(FAIL_MARKER) || (image_urls ?? []).some((url) => url.includes(FAIL_MARKER)),
    };
  }
  if (input.service === 'video') {
    const { prompt, aspectRatio, watermark } = input.request;
    const caption = watermark ? `${prompt} - ${watermark}` : prompt;
    return {
      service: 'video',
      seed,
      caption: caption.slice(0, CAPTION_MAX),
      ...videoSize(aspectRatio),
      format: 'mp4',
      startedAt,
      fail: prompt.includes(FAIL_MARKER),
    };
  }
  const url = input.request.video_url;
  return {
    service: 'sora',
    seed,
    caption: `Watermark removed: ${url}`.slice(0, CAPTION_MAX),
    width: 640,
    height: 360,
    format: 'mp4',
    startedAt,
    fail: url.includes(FAIL_MARKER) || url.includes(encodeURIComponent(FAIL_MARKER)),
  };
}

const encodeJob = (job: LocalJob) => `local_${Buffer.from(JSON.stringify(job)).toString('base64url')}`;

function decodeJob(upstreamId: string): LocalJob | undefined {
  if (!upstreamId.startsWith('local_')) return undefined;
  try {
    return JSON.parse(Buffer.from(upstreamId.slice(6), 'base64url').toString('utf8')) as LocalJob;
  } catch {
    return undefined;
  }
}

const FIRST_NAMES = [
  'Ada',
  'Grace',
  'Alan',
  'Linus',
  'Margaret',
  'Ken',
  'Barbara',
  'Dennis',
  'Radia',
  'Guido',
];
const LAST_NAMES = ['Lovelace', 'Hopper', 'Turing', 'Hamilton', 'Thompson', 'Liskov', 'Ritchie', 'Perlman'];
const ROLES = ['Engineering Manager', 'Staff Engineer', 'Founder', 'Product Lead', 'Developer Advocate'];
const COMPANIES = ['Northwind', 'Contoso', 'Initech', 'Globex', 'Umbrella Labs', 'Hooli'];
const CITIES = [
  'Berlin, Germany',
  'Austin, Texas',
  'London, United Kingdom',
  'Toronto, Canada',
  'Lisbon, Portugal',
];
const TOPICS = [
  'shipping small changes every day',
  'what we learned moving our queue onto PostgreSQL',
  'hiring engineers who write things down',
  'why our API returns the same answer for the same idempotency key',
  'the one metric our on-call rotation watches',
  'reading upstream docs before writing the integration',
  'a year of paying down technical debt in public',
  'pricing a developer product per request',
];
const OPENERS = [
  'Thoughts on',
  'A short thread about',
  'Lessons from',
  'We wrote up',
  'Still thinking about',
];

/** Posts are numbered newest first from the profile's seed; a page is a slice of that list. */
const POSTS_PER_PROFILE = 240;
const DAY_MS = 86_400_000;
/** Sample data is dated relative to this fixed day, so equal requests answer equal data. */
const EPOCH = Date.UTC(2026, 0, 1);

function samplePost(username: string, name: string, headline: string, index: number): LinkedinPost {
  const random = createRandom(hashText(`${username}#${index}`));
  const likes = randomInt(random, 3, 2500);
  const id = `${BigInt(`0x${hashText(`${username}:${index}`).slice(0, 15)}`)}`;
  return {
    id,
    url: `https://www.linkedin.com/feed/update/urn:li:activity:${id}/`,
    text: `${pickOne(random, OPENERS)} ${pickOne(random, TOPICS)}. (Sample post ${index + 1} from the development engine.)`,
    postedAt: new Date(EPOCH - index * DAY_MS * (1 + random())).toISOString(),
    author: { name, username, headline },
    stats: {
      likes,
      comments: randomInt(random, 0, Math.ceil(likes / 10)),
      reposts: randomInt(random, 0, Math.ceil(likes / 20)),
      reactions: {
        like: likes,
        celebrate: randomInt(random, 0, likes),
        insight: randomInt(random, 0, likes),
      },
    },
  };
}

function scrapeSample(request: LinkedinRequest): LinkedinResult {
  const { username, limit, page_number, pagination_token, total_posts } = request;
  if (username.toLowerCase().startsWith(LINKEDIN_FAIL_PREFIX))
    throw new UpstreamRejected('Profile not found or has no public posts');
  const random = createRandom(hashText(`profile:${username.toLowerCase()}`));
  const name = `${pickOne(random, FIRST_NAMES)} ${pickOne(random, LAST_NAMES)}`;
  const headline = `${pickOne(random, ROLES)} at ${pickOne(random, COMPANIES)}`;
  const available = Math.min(POSTS_PER_PROFILE, total_posts ?? POSTS_PER_PROFILE);
  const tokenOffset = pagination_token ? Number.parseInt(pagination_token.replace(/^p/, ''), 36) : Number.NaN;
  const start = Number.isFinite(tokenOffset) && tokenOffset >= 0 ? tokenOffset : (page_number - 1) * limit;
  const end = Math.min(available, start + limit);
  const posts = Array.from({ length: Math.max(0, end - start) }, (_, i) =>
    samplePost(username, name, headline, start + i),
  );
  return {
    profile: {
      username,
      name,
      headline,
      location: pickOne(random, CITIES),
      followers: randomInt(random, 150, 250_000),
      connections: randomInt(random, 50, 500),
      profileUrl: `https://www.linkedin.com/in/${username}/`,
    },
    posts,
    paginationToken: end < available ? `p${end.toString(36)}` : null,
  };
}

export function createLocalEngine(
  options: {
    jobMs?: Partial<Record<MediaService, number>>;
    /** How long a start takes to be accepted (LOCAL_START_SECONDS); the job runs from then. */
    startMs?: number;
  } = {},
): Engine {
  const jobMs = { ...LOCAL_JOB_MS, ...options.jobMs };
  const startMs = options.startMs ?? 0;
  const pool = createRenderPool();
  return {
    name: 'local',
    isDevelopmentEngine: true,
    async startJob(input) {
      if (startMs > 0) await new Promise((resolve) => setTimeout(resolve, startMs));
      const { moderation, ...job } = describeJob(input, Date.now());
      if (moderation) throw new UpstreamRejected(MODERATION_REASON);
      return { upstreamId: encodeJob(job) };
    },
    // The stand-in renders only when polled: once the task stops being polled, nothing runs or costs.
    async cancelJob() {
      return 'stopped' as const;
    },
    async pollJob(service, upstreamId): Promise<JobState> {
      const job = decodeJob(upstreamId);
      if (!job || job.service !== service) return { state: 'failed', reason: 'Unknown job' };
      const elapsed = Date.now() - job.startedAt;
      if (job.timeout) {
        return elapsed < TEST_TIMEOUT_AFTER_S * 1000
          ? { state: 'pending' }
          : { state: 'failed', reason: DEADLINE_REASON, upstreamBilled: false };
      }
      if (elapsed < Math.max(jobMs[service], job.delayMs ?? 0)) return { state: 'pending' };
      if (job.fail) return { state: 'failed', reason: GENERATION_FAILED_REASON };
      const { startedAt: _startedAt, fail: _fail, timeout: _timeout, delayMs: _delayMs, ...render } = job;
      return { state: 'succeeded', files: [await pool.render(render)] };
    },
    async scrapeLinkedin(request) {
      return scrapeSample(request);
    },
    close: () => pool.close(),
  };
}
