import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpInbox, startSmtpInbox } from '../../../test/smtp-inbox.ts';
import { createMailer, type MailMessage } from './mailer.ts';

const log = pino({ level: 'silent' });
const message: MailMessage = {
  to: 'dev+test@example.com',
  subject: 'Verify your email',
  heading: 'Confirm your address',
  paragraphs: ['Thanks for signing up <3.'],
  action: { label: 'Verify email', url: 'http://localhost:3000/auth/verify-email?token=abc&x=1' },
  footnote: 'This link is valid for 24 hours.',
};

function expectBothParts(mail: ParsedMail) {
  expect(mail.subject).toBe('Verify your email');
  expect(mail.from?.value[0]).toMatchObject({ name: 'Conduit', address: 'no-reply@localhost' });
  expect(mail.text).toContain('Verify email: http://localhost:3000/auth/verify-email?token=abc&x=1');
  expect(mail.text).toContain('Thanks for signing up <3.');
  expect(mail.html).toContain('href="http://localhost:3000/auth/verify-email?token=abc&#38;x=1"');
  expect(mail.html).toContain('Thanks for signing up &#60;3.');
  expect(mail.html).toContain('Conduit');
}

describe('the outbox (no SMTP_URL)', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'conduit-mail-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('writes each mail as an RFC 822 file named by time and recipient, with text and HTML parts', async () => {
    const mailer = createMailer({ DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:3000' }, log);
    const sent = await mailer.send(message);
    const files = (await readdir(path.join(dataDir, 'outbox'))).filter((file) => file.endsWith('.eml'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-\d{2}-\d{2}T[\d-]+Z-\d{6}-dev\+test@example\.com\.eml$/);
    expect(sent.outboxFile).toBe(path.join(dataDir, 'outbox', files[0] as string));
    const parsed = await simpleParser(await readFile(sent.outboxFile as string));
    expect(parsed.to && 'text' in parsed.to ? parsed.to.text : '').toBe('dev+test@example.com');
    expectBothParts(parsed);
  });

  it('keeps every mail to one address when many are written at once (same millisecond)', async () => {
    const mailer = createMailer({ DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:3000' }, log);
    const subjects = Array.from({ length: 40 }, (_, index) => `Burst ${index}`);
    await Promise.all(
      subjects.map((subject) => mailer.send({ ...message, to: 'burst@example.com', subject })),
    );
    const files = (await readdir(path.join(dataDir, 'outbox'))).filter((file) =>
      file.endsWith('-burst@example.com.eml'),
    );
    const read = await Promise.all(
      files.map(
        async (file) => (await simpleParser(await readFile(path.join(dataDir, 'outbox', file)))).subject,
      ),
    );
    expect(read.sort()).toEqual([...subjects].sort());
  });

  it('writes a plain-text copy beside each mail whose long link reads and copies unbroken', async () => {
    const url = `http://localhost:3000/auth/verify-email?token=${'a'.repeat(96)}`;
    const mailer = createMailer({ DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:3000' }, log);
    const sent = await mailer.send({
      ...message,
      to: 'long@example.com',
      action: { label: 'Verify email', url },
    });
    const eml = await readFile(sent.outboxFile as string, 'utf8');
    expect(eml).not.toContain(url);
    const copy = await readFile((sent.outboxFile as string).replace(/\.eml$/, '.txt'), 'utf8');
    expect(copy.split('\n')).toContain(`Verify email: ${url}`);
    expect(copy).toMatch(/^To: long@example\.com\nSubject: Verify your email\n/);
  });
});

describe('SMTP (SMTP_URL set)', () => {
  let inbox: SmtpInbox;
  beforeAll(async () => {
    inbox = await startSmtpInbox();
  });
  afterAll(() => inbox.close());

  it('delivers the same mail to a real SMTP server', async () => {
    const mailer = createMailer(
      { DATA_DIR: '/nonexistent', PUBLIC_URL: 'http://localhost:3000', SMTP_URL: inbox.url },
      log,
    );
    const sent = await mailer.send(message);
    mailer.close();
    expect(sent.outboxFile).toBeUndefined();
    expect(inbox.messages).toHaveLength(1);
    expectBothParts(inbox.messages[0] as ParsedMail);
  });
});
