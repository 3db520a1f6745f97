import type { LinkedinPost, LinkedinProfile, LinkedinRequest } from '@conduit/contracts';
import type { LinkedinResult } from './engine.ts';

type Json = Record<string, unknown>;
export const asRecord = (value: unknown): Json | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;
export const asText = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
export const asCount = (value: unknown): number | undefined => {
  const number = typeof value === 'string' ? Number(value.replace(/[,+\s]/g, '')) : value;
  return typeof number === 'number' && Number.isFinite(number) && number >= 0
    ? Math.round(number)
    : undefined;
};

/** The object holding a page of posts, when an item is one: `{ posts }` or `{ data: { posts } }`. */
function wrapperOf(item: Json): Json | undefined {
  if (Array.isArray(item.posts)) return item;
  const data = asRecord(item.data);
  return data && Array.isArray(data.posts) ? data : undefined;
}

const POST_FIELDS = ['text', 'urn', 'full_urn', 'url'];
const COUNTED_STATS = new Set(['comments', 'reposts', 'total_reactions', 'shares']);

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
  // Some builds wrap a page in one item: `{ posts: [...] }` or `{ data: { posts: [...] } }`.
  const wrappers = records.map(wrapperOf).filter((item): item is Json => item !== undefined);
  const flat = records.flatMap((item) => {
    const wrapper = wrapperOf(item);
    return wrapper ? (wrapper.posts as unknown[]).map(asRecord) : [item];
  });
  // An item with none of these is no post (an empty item, or an `{ error }` the actor pushed).
  const postItems = flat.filter(
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
  const tokens = [...wrappers, ...postItems].map((item) => asText(item.pagination_token));
  return { profile, posts, paginationToken: tokens.filter(Boolean).at(-1) ?? null };
}

/** The first of `values` that is a non-empty text, as a link or address may sit in several fields. */
const firstText = (...values: unknown[]) => values.map(asText).find(Boolean);

/**
 * The profile actor's item (docs/upstreams.md, "Apify: LinkedIn profile") as the fields of our
 * profile it fills: location, followers, connections, email and website. Read defensively like
 * the posts: a field the actor left out stays out.
 */
export function mapProfileItem(item: unknown): Partial<LinkedinProfile> {
  const profile = asRecord(item);
  if (!profile) return {};
  const website = asRecord(profile.creatorWebsite);
  const websites = Array.isArray(profile.websites) ? profile.websites : [];
  const fields: Partial<LinkedinProfile> = {
    name: firstText(profile.fullName, [profile.firstName, profile.lastName].filter(Boolean).join(' ')),
    headline: asText(profile.headline),
    location: firstText(profile.addressWithCountry, profile.location, profile.addressWithoutCountry),
    followers: asCount(profile.followers) ?? asCount(profile.followersCount),
    connections: asCount(profile.connections) ?? asCount(profile.connectionsCount),
    email: firstText(profile.email),
    website: firstText(website?.link, profile.website, asRecord(websites[0])?.url, websites[0]),
  };
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}
