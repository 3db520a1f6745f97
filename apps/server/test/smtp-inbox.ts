import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SmtpInbox {
  url: string;
  messages: ParsedMail[];
  /** The newest mail to this address (with this subject) that arrives (or arrived) after `since` messages. */
  waitForMail(
    to: string,
    options?: { since?: number; timeoutMs?: number; subject?: string },
  ): Promise<ParsedMail>;
  close(): Promise<void>;
}

export const recipientOf = (mail: ParsedMail) => (mail.to && 'text' in mail.to ? mail.to.text : '');

/** A real SMTP server inside the test process; every mail it accepts is parsed and kept. */
export async function startSmtpInbox(): Promise<SmtpInbox> {
  const messages: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        messages.push(mail);
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitForMail(to, { since = 0, timeoutMs = 5_000, subject } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages
          .slice(since)
          .findLast(
            (mail) => recipientOf(mail) === to && (subject === undefined || mail.subject === subject),
          );
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`No mail to ${to} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a mail's text part that starts with `prefix`. */
export function linkIn(mail: ParsedMail, prefix: string): string {
  const match = (mail.text ?? '').match(/https?:\/\/\S+/g)?.find((url) => url.startsWith(prefix));
  if (!match) throw new Error(`No link starting with ${prefix} in mail "${mail.subject}"`);
  return match;
}
