import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { deleteAccount, PASSWORD } from '../../../test/accounts.ts';
import { verifiedAccountOn, withRuntimeAndInbox } from '../../../test/runtime-with-inbox.ts';
import { normalizeMailbox } from '../../platform/mailbox.ts';
import { mailboxHash } from './free-credit-mailbox.ts';

const started = withRuntimeAndInbox({});

const balanceOf = async (userId: string) =>
  (
    await started.runtime.services.pool.query('select balance from credit_accounts where workspace_id = $1', [
      userId,
    ])
  ).rows[0].balance;
const deleteWithPassword = (cookie: string) =>
  deleteAccount(started.runtime.app, cookie, { password: PASSWORD });

describe('free credits, once per mailbox', () => {
  it('normalises aliases of one inbox', () => {
    expect(normalizeMailbox(' Ada.Lovelace+test@GoogleMail.com ')).toBe('adalovelace@gmail.com');
    expect(normalizeMailbox('a.b+x@example.com')).toBe('a.b@example.com');
  });

  it('deleting the account and signing up again with the same mailbox grants nothing', async () => {
    const first = await verifiedAccountOn(started, 'farmer@example.com');
    expect(await balanceOf(first.userId)).toBe(20);
    expect((await deleteWithPassword(first.cookie)).statusCode).toBe(200);
    const again = await verifiedAccountOn(started, 'farmer@example.com');
    expect(again.userId).not.toBe(first.userId);
    expect(await balanceOf(again.userId)).toBe(0);
    const alias = await verifiedAccountOn(started, 'farmer+2@example.com');
    expect(await balanceOf(alias.userId)).toBe(0);
    const stored = await started.runtime.services.pool.query(
      'select mailbox_hash from free_credit_mailboxes',
    );
    expect(stored.rows.map((r) => r.mailbox_hash)).toContain(mailboxHash('farmer@example.com'));
    expect(JSON.stringify(stored.rows)).not.toContain('farmer');
  });

  it("the migration counts older accounts' mailboxes by the same rules as the code", async () => {
    const sql = await readFile(
      new URL('../../../drizzle/0010_account_security.sql', import.meta.url),
      'utf8',
    );
    const backfill = sql.slice(sql.indexOf('INSERT INTO "free_credit_mailboxes"'));
    const emails = ['Old.Timer+promo@gmail.com', 'plain@example.org', 'x.y@googlemail.com'];
    for (const email of emails) {
      const account = await verifiedAccountOn(started, email.toLowerCase());
      await started.runtime.services.pool.query('delete from free_credit_mailboxes where user_id = $1', [
        account.userId,
      ]);
    }
    await started.runtime.services.pool.query(backfill);
    const { rows } = await started.runtime.services.pool.query(
      'select mailbox_hash from free_credit_mailboxes',
    );
    for (const email of emails) expect(rows.map((r) => r.mailbox_hash)).toContain(mailboxHash(email));
  });
});
