const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * The key that makes one mailbox join once: lower case, and for Gmail (which ignores dots and
 * everything after a +) the dots and the +tag removed, googlemail.com folded into gmail.com.
 * Other providers' +tags may be separate mailboxes, so they are kept.
 */
export function normalizeWaitlistEmail(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 0) return lower;
  const local = lower.slice(0, at);
  const domain = lower.slice(at + 1);
  if (!GMAIL_DOMAINS.has(domain)) return lower;
  const base = local.split('+')[0]?.replaceAll('.', '') ?? '';
  return `${base}@gmail.com`;
}
