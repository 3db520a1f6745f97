import { z } from 'zod';
import { APP_PATHS } from './app-paths.ts';
import { defineAppRoute } from './app-routes.ts';
import { pageOf, pageQuery } from './pages.ts';

/**
 * The support page's texts (docs/product.md, "Signed-in area"). `{email}` and `{phone}` come from
 * configuration.
 */
export const SUPPORT_TEXTS = {
  responseTime: 'response within 24 hours, Mon-Fri 9 AM-6 PM EST',
  bothRequired: 'Please fill in both subject and message fields.',
  sendFailed: 'Failed to send your message. Please try again or contact us directly.',
  sent: "Message sent. We'll reply by email within 24 hours.",
} as const;

export const SUPPORT_SUBJECT_MAX = 200;
export const SUPPORT_MESSAGE_MAX = 5000;
/** Messages one account may send per hour; the next one is answered 429 with Retry-After. */
export const SUPPORT_MESSAGES_PER_HOUR = 5;

/** Both fields must be non-empty after trimming (docs/product.md, "Other forms"). */
export const SupportMessageBody = z.strictObject({
  subject: z
    .string()
    .trim()
    .min(1, SUPPORT_TEXTS.bothRequired)
    .max(SUPPORT_SUBJECT_MAX, `Subject must be at most ${SUPPORT_SUBJECT_MAX} characters`),
  message: z
    .string()
    .trim()
    .min(1, SUPPORT_TEXTS.bothRequired)
    .max(SUPPORT_MESSAGE_MAX, `Message must be at most ${SUPPORT_MESSAGE_MAX} characters`),
});
export type SupportMessageBody = z.infer<typeof SupportMessageBody>;
export const SupportMessageResponse = z.object({ id: z.string(), message: z.string() });
export type SupportMessageResponse = z.infer<typeof SupportMessageResponse>;

/** GET /api/support/contact: what the page shows, from SUPPORT_EMAIL and SUPPORT_PHONE. */
export const SupportContactResponse = z.object({ email: z.string(), phone: z.string().nullable() });
export type SupportContactResponse = z.infer<typeof SupportContactResponse>;

/**
 * `open`: waiting for the team (a new message, or the user wrote again); `answered`: the team
 * wrote last. A user's reply to an answered message opens it again.
 */
export const SUPPORT_STATUSES = ['open', 'answered'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];
/** Who wrote a message of a thread after its first: the user who opened it, or an admin. */
export const SUPPORT_AUTHORS = ['user', 'admin'] as const;
export type SupportAuthor = (typeof SUPPORT_AUTHORS)[number];
export const SupportTicket = z.object({
  id: z.string(),
  userId: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  status: z.enum(SUPPORT_STATUSES),
  createdAt: z.string(),
  /** The thread after the first message, oldest first. */
  replies: z.array(
    z.object({
      id: z.string(),
      at: z.string(),
      author: z.enum(SUPPORT_AUTHORS),
      /** The admin who wrote it (null for the user's own replies, or an admin since deleted). */
      adminEmail: z.string().nullable(),
      message: z.string(),
    }),
  ),
});
export type SupportTicket = z.infer<typeof SupportTicket>;
export const AdminSupportQuery = z.object({
  status: z.enum(SUPPORT_STATUSES).optional(),
  ...pageQuery(100, 50).shape,
});
export const AdminSupportResponse = pageOf('tickets', SupportTicket);
export type AdminSupportResponse = z.infer<typeof AdminSupportResponse>;
/**
 * A reply in a thread: an admin's is mailed to the user and the message becomes answered; the
 * user's is mailed to support and the message is open again.
 */
export const SupportReplyBody = z.strictObject({
  message: z
    .string()
    .trim()
    .min(1, 'Please write a reply')
    .max(SUPPORT_MESSAGE_MAX, `Reply must be at most ${SUPPORT_MESSAGE_MAX} characters`),
});
export const SupportReplyResponse = z.object({ ticket: SupportTicket });
export type SupportReplyBody = z.infer<typeof SupportReplyBody>;
export type SupportReplyResponse = z.infer<typeof SupportReplyResponse>;

/** A user's own message as they see it: the thread, without who on the team wrote each reply. */
export const OwnSupportTicket = z.object({
  id: z.string(),
  subject: z.string(),
  message: z.string(),
  status: z.enum(SUPPORT_STATUSES),
  createdAt: z.string(),
  replies: z.array(
    z.object({ id: z.string(), at: z.string(), author: z.enum(SUPPORT_AUTHORS), message: z.string() }),
  ),
});
export type OwnSupportTicket = z.infer<typeof OwnSupportTicket>;
/** The user's reply: the thread as they now see it. */
export const OwnSupportReplyResponse = z.object({ ticket: OwnSupportTicket });
export type OwnSupportReplyResponse = z.infer<typeof OwnSupportReplyResponse>;
export const OwnSupportQuery = pageQuery(50, 10);
export const OwnSupportResponse = pageOf('tickets', OwnSupportTicket);
export type OwnSupportResponse = z.infer<typeof OwnSupportResponse>;

/** `GET /api/support`: the signed-in user's own messages, newest first, with the team's replies. */
export const OWN_SUPPORT_ROUTE = defineAppRoute({
  ...APP_PATHS.supportMessages,
  query: OwnSupportQuery,
  response: OwnSupportResponse,
});

/**
 * The support routes. A message's and a reply's bodies are read by the server's own parser, so
 * the answer carries the form's exact text (the bodies' schemas are SupportMessageBody and
 * SupportReplyBody).
 */
export const SUPPORT_ROUTES = {
  contact: defineAppRoute({ ...APP_PATHS.supportContact, response: SupportContactResponse }),
  own: OWN_SUPPORT_ROUTE,
  send: defineAppRoute({ ...APP_PATHS.sendSupportMessage, response: SupportMessageResponse }),
  /** The user answers in a thread of their own (anyone else's is 404). */
  reply: defineAppRoute({
    ...APP_PATHS.replyToSupportMessage,
    params: z.object({ id: z.string().min(1).max(100) }),
    response: OwnSupportReplyResponse,
  }),
  adminList: defineAppRoute({
    ...APP_PATHS.adminSupport,
    query: AdminSupportQuery,
    response: AdminSupportResponse,
  }),
  adminReply: defineAppRoute({
    ...APP_PATHS.adminSupportReply,
    params: z.object({ id: z.string().min(1).max(100) }),
    response: SupportReplyResponse,
  }),
};
