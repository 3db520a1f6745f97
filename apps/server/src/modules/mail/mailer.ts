import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PRODUCT_NAME } from '@conduit/contracts';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { Config } from '../../platform/config.ts';
import { type MailContent, renderMail } from './render-mail.ts';

export interface MailMessage extends MailContent {
  to: string;
  subject: string;
  /** Where the recipient's answer goes (the user for a support message, support for its receipt). */
  replyTo?: string;
}

export interface SentMail {
  messageId: string;
  /** Where the outbox wrote the mail; absent when it went out by SMTP. */
  outboxFile?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<SentMail>;
  close(): void;
}

export function defaultSender(config: Pick<Config, 'MAIL_FROM' | 'PUBLIC_URL'>): string {
  return config.MAIL_FROM ?? `${PRODUCT_NAME} <no-reply@${new URL(config.PUBLIC_URL).hostname}>`;
}

const readableCopy = (message: MailMessage, text: string) =>
  `To: ${message.to}\nSubject: ${message.subject}\n\n${text}\n`;

const safeFilePart = (value: string) => value.replace(/[^A-Za-z0-9@._+-]/g, '_');

/**
 * Mails written in the same millisecond (a support message and another user's reply to support)
 * would share a name and the second would replace the first: a counter after the time keeps each
 * one, and names still sort in the order they were written.
 */
let outboxSequence = 0;
const nextOutboxSequence = () => {
  outboxSequence = (outboxSequence + 1) % 1_000_000;
  return String(outboxSequence).padStart(6, '0');
};

/**
 * SMTP when SMTP_URL is set; otherwise the outbox: each mail is written as an RFC 822 file in
 * DATA_DIR/outbox (named by time, a sequence number, then recipient) with a plain-text copy beside
 * it (`.txt`), and its link is logged, so a newcomer can follow a verification link without a mail server.
 */
export function createMailer(
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'PUBLIC_URL' | 'DATA_DIR'>,
  log: Logger,
): Mailer {
  const from = defaultSender(config);
  const isOutbox = !config.SMTP_URL;
  const transport: Transporter = isOutbox
    ? nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
    : nodemailer.createTransport(config.SMTP_URL as string);
  const outboxDir = path.resolve(config.DATA_DIR, 'outbox');

  return {
    async send(message) {
      const { text, html } = renderMail(message);
      const info = await transport.sendMail({
        from,
        to: message.to,
        replyTo: message.replyTo,
        subject: message.subject,
        text,
        html,
      });
      if (!isOutbox) {
        log.info({ to: message.to, subject: message.subject, messageId: info.messageId }, 'mail sent');
        return { messageId: info.messageId };
      }
      await mkdir(outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const name = `${stamp}-${nextOutboxSequence()}-${safeFilePart(message.to)}`;
      const outboxFile = path.join(outboxDir, `${name}.eml`);
      await writeFile(outboxFile, (info as unknown as { message: Buffer }).message);
      // The .eml is quoted-printable (long links are wrapped with "=" at line ends), so a link
      // copied from it is broken: a plain copy beside it reads and copies as it is.
      await writeFile(path.join(outboxDir, `${name}.txt`), readableCopy(message, text));
      const link = message.action?.url;
      log.info(
        { to: message.to, subject: message.subject, file: outboxFile, link },
        link ? `mail to ${message.to}: ${link}` : `mail to ${message.to}: ${message.subject}`,
      );
      return { messageId: info.messageId, outboxFile };
    },
    close: () => transport.close(),
  };
}
