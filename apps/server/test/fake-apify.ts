import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, replyJson as reply, startLocalServer } from './local-server.ts';

export interface FakeApify {
  url: string;
  token: string;
  /** The actor inputs received, in order (after the token check). */
  inputs: Record<string, unknown>[];
  /** How long a run for a username containing `slow` takes. */
  slowMs: number;
  close(): Promise<void>;
}

export const ACTOR_PATH = '/v2/acts/apimaestro~linkedin-profile-posts/run-sync-get-dataset-items';

/** A post the way the real actor writes its dataset items. */
export function actorPost(username: string, index: number, page: number) {
  const activity = `7${String(page).padStart(3, '0')}${String(index).padStart(15, '0')}`;
  return {
    urn: activity,
    full_urn: `urn:li:activity:${activity}`,
    posted_at: { date: '2025-03-04 10:20:30', relative: '1w', timestamp: 1_741_083_630_000 + index },
    text: `Post ${index} of page ${page} by ${username}`,
    url: `https://www.linkedin.com/posts/${username}_activity-${activity}`,
    post_type: index % 3 === 2 ? 'repost' : 'regular',
    author: {
      first_name: 'Ada',
      last_name: 'Lovelace',
      headline: 'Analyst of engines',
      username,
      profile_url: `https://www.linkedin.com/in/${username}`,
      profile_picture: 'https://media.licdn.com/dms/image/ada.jpg',
    },
    stats: {
      total_reactions: 10 + index,
      like: 7 + index,
      support: 1,
      love: 1,
      insight: 1,
      celebrate: 0,
      comments: 3,
      reposts: 2,
    },
    media: { type: 'image', url: `https://media.licdn.com/dms/image/post-${index}.jpg` },
    pagination_token: `token-after-page-${page}`,
  };
}

/** Items missing most fields, or not objects at all: the mapping must survive them. */
const SPARSE_ITEMS = [
  {},
  null,
  'junk',
  { text: 'only text', stats: { like: '1,204', comments: 'n/a' }, posted_at: 'not a date' },
  { urn: { activity_urn: '7111' }, author: { name: 'Someone Else' }, media: [{ type: 'video' }] },
];

/**
 * Apify's run-sync-get-dataset-items for apimaestro/linkedin-profile-posts, as a local server.
 * Steered by the username: `nobody` has an empty dataset, `missing` is 404, `busy` is 429,
 * `broken` is 500, `sparse` answers malformed items, `slow` takes `slowMs`.
 */
export async function startFakeApify(options: { token?: string } = {}): Promise<FakeApify> {
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const text = await readBody(request);
    if (request.method !== 'POST' || request.url?.split('?')[0] !== ACTOR_PATH) {
      return reply(response, 404, { error: { type: 'page-not-found', message: 'Page not found' } });
    }
    if (request.headers.authorization !== `Bearer ${fake.token}`) {
      return reply(response, 401, {
        error: { type: 'token-not-valid', message: 'Authentication token is not valid.' },
      });
    }
    const input = JSON.parse(text || '{}');
    fake.inputs.push(input);
    const username = String(input.username ?? '');
    if (username.includes('slow')) await new Promise((resolve) => setTimeout(resolve, fake.slowMs));
    if (response.destroyed) return;
    if (username.includes('nobody')) return reply(response, 201, []);
    if (username.includes('missing')) {
      return reply(response, 404, { error: { type: 'record-not-found', message: 'Profile does not exist' } });
    }
    if (username.includes('busy')) {
      return reply(
        response,
        429,
        { error: { type: 'rate-limit-exceeded', message: 'Too many requests' } },
        {
          'retry-after': '3',
        },
      );
    }
    if (username.includes('broken')) {
      return reply(response, 500, { error: { type: 'internal-error', message: 'Actor run crashed' } });
    }
    if (username.includes('sparse')) return reply(response, 201, SPARSE_ITEMS);
    const page = Number(input.page_number ?? 1);
    const count = Math.min(Number(input.limit ?? 100), 100);
    return reply(
      response,
      201,
      Array.from({ length: count }, (_, index) => actorPost(username, index, page)),
    );
  };

  const server = await startLocalServer(handle, () => ({
    error: { type: 'internal-error', message: 'boom' },
  }));
  const fake: FakeApify = {
    url: server.url,
    token: options.token ?? `apify_api_${randomBytes(12).toString('hex')}`,
    inputs: [],
    slowMs: 2_000,
    close: server.close,
  };
  return fake;
}
