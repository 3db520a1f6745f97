import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import { simpleParser } from 'mailparser';

/**
 * How long a test waits for a mail: mails leave through the job queue, and on a loaded CI machine
 * (other journeys running beside this one) that has taken more than the 10 s of a plain expect.
 */
export const MAIL_WAIT_MS = 30_000;

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
      { message: `a mail to ${email} in the outbox`, timeout: MAIL_WAIT_MS },
    )
    .toBeTruthy();
  return simpleParser(await readFile(path.join(outboxDir(), file as string)));
}

/** The newest mail to `email` with this subject (security notices may arrive in between). */
export async function latestMailWithSubject(email: string, subject: string, dataDir = MAIN_DATA_DIR()) {
  const outboxDir = path.join(dataDir, 'outbox');
  let found: Awaited<ReturnType<typeof simpleParser>> | undefined;
  await expect
    .poll(
      async () => {
        const files = (await readdir(outboxDir).catch(() => [] as string[]))
          .filter((name) => name.endsWith(`-${email}.eml`))
          .sort()
          .reverse();
        for (const file of files) {
          const mail = await simpleParser(await readFile(path.join(outboxDir, file)));
          if (mail.subject === subject) {
            found = mail;
            return true;
          }
        }
        return false;
      },
      { message: `a mail "${subject}" to ${email} in the outbox`, timeout: MAIL_WAIT_MS },
    )
    .toBe(true);
  return found as Awaited<ReturnType<typeof simpleParser>>;
}

/** The first link in a mail's text that contains `pathPart`, as a path on the test server. */
export function linkPathIn(mail: { text?: string; subject?: string }, pathPart: string): string {
  const link = (mail.text ?? '')
    .split(/\s+/)
    .find((word) => word.startsWith('http') && word.includes(pathPart));
  if (!link) throw new Error(`No ${pathPart} link in "${mail.subject}"`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** The verification link of the newest mail to `email`, as a path on the test server. */
export async function verificationLinkFor(email: string, dataDir = MAIN_DATA_DIR()): Promise<string> {
  const mail = await latestMailTo(email, dataDir);
  const link = (mail.text ?? '').match(/https?:\/\/\S+\/auth\/verify-email\?token=\S+/)?.[0];
  if (!link) throw new Error(`No verification link in "${mail.subject}"`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** A fresh address per test, so parallel tests never share an account. */
export const uniqueEmail = (label: string) => `${label}-${randomBytes(5).toString('hex')}@example.com`;
