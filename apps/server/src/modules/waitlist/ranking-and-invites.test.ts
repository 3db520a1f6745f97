import { WAITLIST_INVITE_MAX } from '@conduit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookieFor } from '../../../test/paid-account.ts';
import { createTestRuntime, type TestRuntime } from '../../../test/test-runtime.ts';
import { insertUser } from '../auth/users.ts';
import { inviteNext } from './admin-waitlist.ts';
import { getWaitlistStanding } from './get-standing.ts';
import { joinWaitlist } from './join-waitlist.ts';
import { findRankedEntry } from './rank.ts';
import { isValidStatusToken } from './status-link.ts';
import { verifyWaitlistEntry } from './verify-entry.ts';
import { issueWaitlistToken } from './waitlist-mail.ts';

let runtime: TestRuntime;
const ids = new Map<string, string>();
const codes = new Map<string, string>();

async function join(label: string, referrer?: string) {
  const joined = await joinWaitlist(runtime.services, {
    body: {
      name: `Person ${label}`,
      email: `${label}@example.com`,
      role: 'developer',
      volume: 'under-1k',
      ...(referrer && { ref: codes.get(referrer) }),
    },
  });
  const { rows } = await runtime.services.pool.query(
    'select id from waitlist_entries where referral_code = $1',
    [joined.referralCode],
  );
  ids.set(label, rows[0].id);
  codes.set(label, joined.referralCode);
  return joined;
}

async function verify(label: string) {
  const token = await issueWaitlistToken(
    runtime.services.db,
    runtime.services.clock,
    ids.get(label) as string,
  );
  return verifyWaitlistEntry(runtime.services, token);
}

const positionOf = async (label: string) =>
  (await findRankedEntry(runtime.services.db, ids.get(label) as string))?.position;

beforeAll(async () => {
  runtime = await createTestRuntime();
  // e1..e10 join in order; then four newcomers through referral links.
  for (let n = 1; n <= 10; n++) await join(`e${n}`);
  await join('n1', 'e8');
  await join('n2', 'e3');
  await join('n3', 'e3');
  await join('n4', 'e6');
  for (const label of ['e1', 'e2', 'e3', 'e4', 'e5', 'e7', 'e8', 'e9', 'n1', 'n2', 'n3']) await verify(label);
});
afterAll(async () => {
  await runtime.close();
});

describe('ranking', () => {
  it('moves each referrer up 5 per verified referral, clamps at first place, ignores unverified referrals', async () => {
    // By hand, key = join place - 5 x verified referrals; ties: more referrals first, then join order.
    // e3: 3 - 10 = -7 (clamped to first), e8: 8 - 5 = 3 (beats e3's old slot on the tie),
    // e6: its newcomer n4 never confirmed, so 6 stays 6. Everyone else keeps their join place.
    const expected = ['e3', 'e1', 'e2', 'e8', 'e4', 'e5', 'e6', 'e7', 'e9', 'e10', 'n1', 'n2', 'n3', 'n4'];
    const actual = await Promise.all(expected.map(positionOf));
    expect(actual).toEqual(expected.map((_, index) => index + 1));
  });

  it('counts a referral only from the moment the newcomer confirms', async () => {
    const before = await positionOf('e6');
    await verify('n4');
    // e6: 6 - 5 = 1, tied with e1 (key 1) and ahead on referrals; e3 (-7) stays first.
    expect(await positionOf('e6')).toBe(2);
    expect(before).toBe(7);
    expect(await positionOf('e1')).toBe(3);
  });

  it('reports score, priority and referrals with the position on the signed status link', async () => {
    const { rows } = await runtime.services.pool.query(
      'select email, email_normalized from waitlist_entries where id = $1',
      [ids.get('e3')],
    );
    const link = (await verify('e3')).statusLink;
    const url = new URL(link);
    expect(url.pathname).toBe('/waitlist/status');
    const token = url.searchParams.get('token') as string;
    expect(isValidStatusToken(runtime.services.sessionSecret, rows[0].email_normalized, token)).toBe(true);
    const standing = await getWaitlistStanding(runtime.services, rows[0].email, token);
    // role developer 10 + volume under-1k 0 + verified 10 + 2 referrals x 10.
    expect(standing).toMatchObject({
      position: 1,
      referrals: 2,
      score: 40,
      priority: 'Medium',
      verified: true,
    });
    await expect(getWaitlistStanding(runtime.services, 'e1@example.com', token)).rejects.toThrow(/not valid/);
  });
});

describe('invite next N', () => {
  it('gives two concurrent invites of 5 ten distinct confirmed people, best rank first', async () => {
    const [first, second] = await Promise.all([
      inviteNext(runtime.services, 5),
      inviteNext(runtime.services, 5),
    ]);
    const invited = [...(first?.invited ?? []), ...(second?.invited ?? [])];
    expect(new Set(invited.map((entry) => entry.id)).size).toBe(10);
    // Ranked and confirmed: e3 e1 e2 e8 e4 e5 e7 e9 n1 n2 n3 n4 (e6 and e10 never confirmed).
    const expected = ['e3', 'e1', 'e2', 'e8', 'e4', 'e5', 'e7', 'e9', 'n1', 'n2'].map((label) =>
      ids.get(label),
    );
    expect(invited.map((entry) => entry.id).sort()).toEqual([...expected].sort());
    const { rows } = await runtime.services.pool.query(
      'select count(*)::int as n from waitlist_entries where invited_at is not null',
    );
    expect(rows[0].n).toBe(10);
    const third = await inviteNext(runtime.services, 5);
    expect(third.invited.map((entry) => entry.id)).toEqual(['n3', 'n4'].map((label) => ids.get(label)));
  });

  it('serves the admin API only to admins: list by rank, CSV, invite', async () => {
    const user = await insertUser(runtime.services.db, {
      email: 'plain@example.com',
      emailVerifiedAt: new Date(),
    });
    const admin = await insertUser(runtime.services.db, {
      email: 'boss@example.com',
      emailVerifiedAt: new Date(),
    });
    await runtime.services.pool.query("update users set role = 'admin' where id = $1", [admin?.id]);
    const asUser = { cookie: await sessionCookieFor(runtime.services, user?.id as string) };
    const asAdmin = { cookie: await sessionCookieFor(runtime.services, admin?.id as string) };
    const get = (url: string, headers = {}) => runtime.app.inject({ method: 'GET', url, headers });

    expect((await get('/api/admin/waitlist')).statusCode).toBe(401);
    expect((await get('/api/admin/waitlist', asUser)).statusCode).toBe(403);
    const list = await get('/api/admin/waitlist?limit=3&offset=1', asAdmin);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ total: 14, verified: 12, invited: 12 });
    expect(
      list.json().entries.map((entry: { id: string; position: number }) => [entry.id, entry.position]),
    ).toEqual([
      [ids.get('e6'), 2],
      [ids.get('e1'), 3],
      [ids.get('e2'), 4],
    ]);

    const csv = await get('/api/admin/waitlist/export.csv', asAdmin);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'position,email,name,score,priority,referrals,verified,invitedAt,createdAt,referralCode,answer:company,answer:role,answer:volume,answer:useCase',
    );
    expect(lines).toHaveLength(15);
    expect(lines[1]).toMatch(/^1,e3@example\.com,Person e3,40,Medium,2,true,/);

    const invite = (payload: { count: number }) =>
      runtime.app.inject({ method: 'POST', url: '/api/admin/waitlist/invite', headers: asAdmin, payload });
    expect((await invite({ count: 0 })).statusCode).toBe(400);
    expect((await invite({ count: WAITLIST_INVITE_MAX + 1 })).statusCode).toBe(400);
    const none = await invite({ count: 5 });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ invited: [] });
  });
});
