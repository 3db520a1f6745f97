import type { LinkedinPost, LinkedinProfile, LinkedinRequest } from '@conduit/contracts';
import pino, { type Logger } from 'pino';
import type { Config } from '../../platform/config.ts';
import { type LinkedinResult, UpstreamRejected, UpstreamUnavailable } from './engine.ts';

export const LINKEDIN_ACTOR = 'apimaestro~linkedin-profile-posts';
/** Inside the 150 s the LinkedIn endpoint waits, so a slow run fails as ours, not as a hung call. */
const RUN_TIMEOUT_MS = 140_000;
const NOT_FOUND = 'Profile not found or has no public posts';
const POST_FIELDS = ['text', 'urn', 'full_urn', 'url'];
const COUNTED_STATS = new Set(['comments', 'reposts', 'total_reactions', 'shares']);

type Json = Record<string, unknown>;
const asRecord = (value: unknown): Json | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;
const asText = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
const asCount = (value: unknown): number | undefined => {
  const number = typeof value === 'string' ? Number(value.replace(/[,\s]/g, '')) : value;
  return typeof number === 'number' && Number.isFinite(number) && number >= 0
    ? Math.round(number)
    : undefined;
};

function postedAtOf(value: unknown): string {
  const postedAt = asRecord(value);
  const timestamp = asCount(postedAt?.timestamp);
  // The actor gives epoch milliseconds; a seconds value would land in 1970.
  if (timestamp) return new Date(timestamp < 1e11 ? timestamp * 1000 : timestamp).toISOString();
  const date = asText(postedAt?.date) ?? asText(value);
  if (!date) return '';
  const parsed = Date.parse(date);
  return Number.isNaN(parsed) ? date : new Date(parsed).toISOString();
}

function idOf(item: Json, index: number): string {
  const urn = item.urn;
  const fromObject = asRecord(urn) && Object.values(urn as Json).find((value) => asText(value));
  return (
    asText(urn) ?? asText(fromObject) ?? asText(item.full_urn) ?? asText(item.url) ?? `post-${index + 1}`
  );
}

function authorOf(value: unknown) {
  const author = asRecord(value) ?? {};
  const joined = [asText(author.first_name), asText(author.last_name)].filter(Boolean).join(' ');
  return {
    name: joined || asText(author.name) || asText(author.full_name),
    username: asText(author.username),
    headline: asText(author.headline),
    profileUrl: asText(author.profile_url) ?? asText(author.url),
  };
}

/** LinkedIn shows the total of all reactions as a post's likes; the breakdown goes in `reactions`. */
function statsOf(value: unknown): LinkedinPost['stats'] {
  const stats = asRecord(value) ?? {};
  const reactions: Record<string, number> = {};
  for (const [name, raw] of Object.entries(stats)) {
    const count = asCount(raw);
    if (count !== undefined && !COUNTED_STATS.has(name)) reactions[name] = count;
  }
  const sum = Object.values(reactions).reduce((total, count) => total + count, 0);
  return {
    likes: asCount(stats.total_reactions) ?? sum,
    comments: asCount(stats.comments) ?? 0,
    reposts: asCount(stats.reposts) ?? asCount(stats.shares) ?? 0,
    ...(Object.keys(reactions).length > 0 && { reactions }),
  };
}

function mediaOf(value: unknown): LinkedinPost['media'] {
  const media: { type: string; url: string }[] = [];
  for (const entry of Array.isArray(value) ? value : [value]) {
    const item = asRecord(entry);
    if (!item) continue;
    const type = asText(item.type) ?? 'unknown';
    const url = asText(item.url);
    if (url) media.push({ type, url });
    if (Array.isArray(item.images)) {
      for (const image of item.images) {
        const imageUrl = asText(asRecord(image)?.url) ?? asText(image);
        if (imageUrl && imageUrl !== url) media.push({ type: 'image', url: imageUrl });
      }
    }
  }
  return media.length > 0 ? media : undefined;
}

/**
 * The actor's dataset items as our LinkedIn result. The actor's output is not ours to fix, so
 * every field is read defensively: a missing or odd field becomes a default, never a crash.
 */
export function mapLinkedinItems(items: unknown[], request: LinkedinRequest): LinkedinResult {
  const records = items.map(asRecord).filter((item): item is Json => item !== undefined);
  // Some runs wrap the posts: `[{ posts: [...], pagination_token }]`.
  const wrapped = records.length === 1 && Array.isArray(records[0]?.posts) ? records[0] : undefined;
  // An item with none of these is no post (an empty item, or an `{ error }` the actor pushed).
  const postItems = (wrapped ? (wrapped.posts as unknown[]).map(asRecord) : records).filter(
    (item): item is Json =>
      item !== undefined && POST_FIELDS.some((field) => item[field] || item[field] === 0),
  );
  const wanted = request.username.toLowerCase();
  const authors = postItems.map((item) => authorOf(item.author));
  const owner = authors.find((a) => a.username?.toLowerCase() === wanted) ?? authors.find((a) => a.name);
  const username = owner?.username ?? request.username;
  const profile: LinkedinProfile = {
    username,
    name: owner?.name ?? username,
    ...(owner?.headline && { headline: owner.headline }),
    profileUrl: owner?.profileUrl ?? `https://www.linkedin.com/in/${encodeURIComponent(username)}`,
  };
  const posts = postItems.slice(0, request.limit).map((item, index): LinkedinPost => {
    const author = authors[index] ?? authorOf(undefined);
    const media = mediaOf(item.media);
    return {
      id: idOf(item, index),
      url: asText(item.url) ?? asText(item.post_url) ?? '',
      text: typeof item.text === 'string' ? item.text : '',
      postedAt: postedAtOf(item.posted_at),
      author: {
        name: author.name ?? profile.name,
        username: author.username ?? username,
        ...(author.headline && { headline: author.headline }),
      },
      stats: statsOf(item.stats),
      ...(media && { media }),
    };
  });
  const tokens = [...(wrapped ? [wrapped] : []), ...postItems].map((item) => asText(item.pagination_token));
  return { profile, posts, paginationToken: tokens.filter(Boolean).at(-1) ?? null };
}

export interface ApifyLinkedinOptions {
  log?: Logger;
  /** Timeout of one actor run, on top of the caller's own signal. */
  timeoutMs?: number;
}

/** The LinkedIn scrape: one synchronous run of the Apify actor, its dataset items as our result. */
export function createApifyLinkedinScraper(
  config: Pick<Config, 'APIFY_TOKEN' | 'APIFY_BASE_URL'>,
  options: ApifyLinkedinOptions = {},
): (request: LinkedinRequest, signal?: AbortSignal) => Promise<LinkedinResult> {
  const log = options.log ?? pino({ level: 'silent' });
  const endpoint = `${config.APIFY_BASE_URL.replace(/\/+$/, '')}/v2/acts/${LINKEDIN_ACTOR}/run-sync-get-dataset-items`;
  return async (request, signal) => {
    const token = config.APIFY_TOKEN;
    if (!token) throw new UpstreamUnavailable('LinkedIn scraping is not configured');
    const timeout = AbortSignal.timeout(options.timeoutMs ?? RUN_TIMEOUT_MS);
    let response: Response;
    let body: unknown;
    try {
      response = await fetch(endpoint, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          username: request.username,
          page_number: request.page_number ?? 1,
          pagination_token: request.pagination_token,
          limit: request.limit,
          total_posts: request.total_posts,
        }),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      const text = await response.text();
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
    } catch {
      const reason = signal?.aborted
        ? 'was cancelled'
        : timeout.aborted
          ? 'timed out'
          : 'could not be reached';
      throw new UpstreamUnavailable(`Apify LinkedIn run ${reason}`);
    }
    const status = response.status;
    if (response.ok && Array.isArray(body)) {
      const result = mapLinkedinItems(body, request);
      if (result.posts.length === 0) throw new UpstreamRejected(NOT_FOUND);
      return result;
    }
    const error = asRecord(asRecord(body)?.error);
    const detail = `Apify answered ${status}${error ? `: ${String(error.type)} ${String(error.message)}` : ''}`;
    if (status === 404) throw new UpstreamRejected(NOT_FOUND);
    if (status === 400) throw new UpstreamRejected('LinkedIn could not be scraped for this profile');
    if (status === 401 || status === 402 || status === 403) {
      // Our token or our Apify account: an admin has to act, the customer is refunded.
      log.error({ upstream: 'apify', status, errorType: error?.type }, 'Apify refused our account');
    }
    const retryAfterS = Number(response.headers.get('retry-after'));
    throw new UpstreamUnavailable(
      detail,
      Number.isFinite(retryAfterS) && retryAfterS > 0 ? retryAfterS * 1000 : undefined,
    );
  };
}
