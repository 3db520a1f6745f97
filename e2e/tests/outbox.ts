import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import { simpleParser } from 'mailparser';

/** The main e2e server's data directory; the waitlist-mode server's is `WAITLIST_DATA_DIR()`. */
export const MAIN_DATA_DIR = () => process.env.E2E_DATA_DIR as string;
export const WAITLIST_DATA_DIR = () => process.env.E2E_WAITLIST_DATA_DIR as string;

/**
 * The newest mail a server wrote to its outbox for `email` (the default when no SMTP_URL is set);
 * `dataDir` picks the server (the main one unless told).
 */
export async function latestMailTo(email: string, dataDir = MAIN_DATA_DIR()) {
  const outboxDir = () => path.join(dataDir, 'outbox');
  let file: string | undefined;
  await expect
    .poll(
      async () => {
        const files = await readdir(outboxDir()).catch(() => [] as string[]);
        file = files
          .filter((name) => name.endsWith(`-${email}.eml`))
          .sort()
          .at(-1);
        return file;
      },
      { message: `a mail to ${email} in the outbox` },
    )
    .toBeTruthy();
  return simpleParser(await readFile(path.join(outboxDir(), file as string)));
}

/** The verification link of the newest mail to `email`, as a path on the test server. */
export async function verificationLinkFor(email: string): Promise<string> {
  const mail = await latestMailTo(email);
  const link = (mail.text ?? '').match(/https?:\/\/\S+\/auth\/verify-email\?token=\S+/)?.[0];
  if (!link) throw new Error(`No verification link in "${mail.subject}"`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** A fresh address per test, so parallel tests never share an account. */
export const uniqueEmail = (label: string) => `${label}-${randomBytes(5).toString('hex')}@example.com`;
