import { z } from 'zod';
import { APP_PATHS } from './app-paths.ts';
import { defineAppRoute } from './app-routes.ts';
import {
  AUTH_FORM_TEXTS,
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  EmailBody,
  FormText,
  LinkToken,
  TokenBody,
} from './auth.ts';
import { MESSAGES } from './messages.ts';
import { NAME_MIN_LENGTH } from './timings.ts';

/**
 * Waitlist mode (docs/product.md, "Waitlist mode"; docs/waitlist.md). The signup form is this step
 * list: the web form renders it two fields per step and the server validates exactly the same
 * rules, so changing the form is editing WAITLIST_STEPS (docs/waitlist.md, "Changing the form").
 */

export type WaitlistFieldType = 'text' | 'select' | 'textarea';

export interface WaitlistOption {
  value: string;
  label: string;
  /** Added to the entry's priority score when chosen (docs/waitlist.md, "Ranking"). */
  points?: number;
}

export interface WaitlistField {
  /** The key in the join body and in the stored answers. */
  id: string;
  label: string;
  type: WaitlistFieldType;
  required: boolean;
  /** Extra rule: `email` must look like an address, `name` needs NAME_MIN_LENGTH characters. */
  rule?: 'email' | 'name';
  options?: readonly WaitlistOption[];
  placeholder?: string;
  maxLength: number;
  autoComplete?: string;
}

export interface WaitlistStep {
  title: string;
  fields: readonly [WaitlistField, WaitlistField];
}

/** The fields `name` and `email` must exist: the entry's name and address come from them. */
/** A required choice among `options` (its value at most 40 characters). */
const selectField = (id: string, label: string, options: WaitlistOption[]): WaitlistField => ({
  id,
  label,
  type: 'select',
  required: true,
  maxLength: 40,
  options,
});

export const WAITLIST_STEPS: readonly WaitlistStep[] = [
  {
    title: 'About you',
    fields: [
      {
        id: 'name',
        label: 'Name',
        type: 'text',
        required: true,
        rule: 'name',
        maxLength: 100,
        autoComplete: 'name',
      },
      {
        id: 'email',
        label: 'Email',
        type: 'text',
        required: true,
        rule: 'email',
        maxLength: EMAIL_MAX_LENGTH,
        autoComplete: 'email',
        placeholder: 'you@company.com',
      },
    ],
  },
  {
    title: 'Your team',
    fields: [
      {
        id: 'company',
        label: 'Company',
        type: 'text',
        required: false,
        maxLength: 120,
        autoComplete: 'organization',
      },
      selectField('role', 'Role', [
        { value: 'developer', label: 'Developer', points: 10 },
        { value: 'founder', label: 'Founder or executive', points: 10 },
        { value: 'product', label: 'Product manager', points: 5 },
        { value: 'data', label: 'Data or ML engineer', points: 10 },
        { value: 'other', label: 'Something else', points: 0 },
      ]),
    ],
  },
  {
    title: 'Your plans',
    fields: [
      selectField('volume', 'Expected monthly API calls', [
        { value: 'under-1k', label: 'Fewer than 1,000', points: 0 },
        { value: '1k-10k', label: '1,000 to 10,000', points: 10 },
        { value: '10k-100k', label: '10,000 to 100,000', points: 20 },
        { value: 'over-100k', label: 'More than 100,000', points: 30 },
      ]),
      {
        id: 'useCase',
        label: 'What will you build?',
        type: 'textarea',
        required: false,
        maxLength: 2000,
        placeholder: 'A sentence or two is plenty',
      },
    ],
  },
];

export const WAITLIST_FIELDS: readonly WaitlistField[] = WAITLIST_STEPS.flatMap((step) => step.fields);

/** The form's texts (docs/product.md, "Other forms"). */
export const WAITLIST_TEXTS = {
  required: (label: string) => `${label} is required`,
  nameTooShort: 'Name must be at least 2 characters',
  invalidEmail: AUTH_FORM_TEXTS.emailInvalid,
  invalidOption: (label: string) => `Please choose a ${label.toLowerCase()} from the list`,
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
  failed: MESSAGES.somethingWentWrong,
  alreadyJoined:
    'This email is already on the waitlist. Use "Resend confirmation" to get your confirmation and status links again.',
  selfReferral: 'You cannot use your own referral link.',
  resendSent: 'Email sent!',
  copied: 'Copied!',
  verified: 'Your email is confirmed. Referrals you bring in now count for you.',
  alreadyVerified: 'Your email was already confirmed.',
  invalidToken: 'This confirmation link is invalid or has expired. Ask for a new one below.',
  missingToken: 'No confirmation token provided.',
  statusLinkInvalid: 'This status link is not valid. Open the link from your latest waitlist email.',
  resendAccepted: 'If that address is on the waitlist, we have emailed it its links again.',
  signupClosed:
    'Sign-ups are closed while we run our waitlist. Join the waitlist and we will invite you as soon as your spot comes up.',
} as const;

/** Each verified referral moves the referrer up this many places (docs/product.md, "Waitlist mode"). */
export const REFERRAL_BOOST_POSITIONS = 5;
/** Points a verified referral adds to the priority score. */
export const REFERRAL_SCORE_POINTS = 10;
/** Points for a confirmed email address. */
export const VERIFIED_SCORE_POINTS = 10;
/** Invitations planned per week; the estimated wait is derived from it. */
export const WAITLIST_INVITES_PER_WEEK = 100;
/** Score thresholds of the priority labels. */
export const WAITLIST_PRIORITIES = [
  { label: 'High', minScore: 50 },
  { label: 'Medium', minScore: 25 },
  { label: 'Standard', minScore: 0 },
] as const;
export type WaitlistPriority = (typeof WAITLIST_PRIORITIES)[number]['label'];
export const WAITLIST_INVITE_MAX = 500;
/** Referral codes: 8 characters of an unambiguous alphabet. */
export const REFERRAL_CODE_PATTERN = /^[a-z2-9]{8}$/;

export function priorityOf(score: number): WaitlistPriority {
  return WAITLIST_PRIORITIES.find((priority) => score >= priority.minScore)?.label ?? 'Standard';
}

/** "Less than a week", "About 1 week", "About 3 weeks": how long until this position is invited. */
export function estimatedWaitOf(position: number): string {
  const weeks = Math.ceil(position / WAITLIST_INVITES_PER_WEEK);
  if (weeks <= 1) return 'Less than a week';
  return `About ${weeks} weeks`;
}

/** One field's error for a value, or undefined; the form and the server both call it. */
export function waitlistFieldError(field: WaitlistField, rawValue: unknown): string | undefined {
  const value = typeof rawValue === 'string' ? rawValue.trim() : '';
  if (value === '') return field.required ? WAITLIST_TEXTS.required(field.label) : undefined;
  if (value.length > field.maxLength) return WAITLIST_TEXTS.tooLong(field.label, field.maxLength);
  if (field.rule === 'name' && value.length < NAME_MIN_LENGTH) return WAITLIST_TEXTS.nameTooShort;
  if (field.rule === 'email' && !EMAIL_PATTERN.test(value)) return WAITLIST_TEXTS.invalidEmail;
  if (field.type === 'select' && !field.options?.some((option) => option.value === value)) {
    return WAITLIST_TEXTS.invalidOption(field.label);
  }
  return undefined;
}

export type WaitlistAnswers = Record<string, string>;

/** Validates every field in step order; the first failure (field and text) or the trimmed answers. */
export function validateWaitlistAnswers(
  body: Record<string, unknown>,
): { ok: true; answers: WaitlistAnswers } | { ok: false; field: string; message: string } {
  const answers: WaitlistAnswers = {};
  for (const field of WAITLIST_FIELDS) {
    const message = waitlistFieldError(field, body[field.id]);
    if (message) return { ok: false, field: field.id, message };
    const value = typeof body[field.id] === 'string' ? (body[field.id] as string).trim() : '';
    if (value !== '') answers[field.id] = value;
  }
  return { ok: true, answers };
}

/** Points the chosen options add to the score. */
export function answerPoints(answers: WaitlistAnswers): number {
  let points = 0;
  for (const field of WAITLIST_FIELDS) {
    const chosen = field.options?.find((option) => option.value === answers[field.id]);
    points += chosen?.points ?? 0;
  }
  return points;
}

/**
 * POST /waitlist/join: the configured fields plus an optional referral code. Only shape and size
 * are checked here; the rules and their exact texts are `validateWaitlistAnswers`, so every
 * failure answers 400 with the field and the form's text.
 */
export const WaitlistJoinBody = z.strictObject({
  ...Object.fromEntries(WAITLIST_FIELDS.map((field) => [field.id, z.string().max(10_000).optional()])),
  ref: z.string().max(100).optional(),
});
export type WaitlistJoinBody = Record<string, string | undefined> & { ref?: string };

export const WaitlistStanding = z.object({
  position: z.number().int(),
  score: z.number().int(),
  priority: z.string(),
  estimatedWait: z.string(),
  /** Referrals whose newcomer confirmed their email (each moves the referrer up 5 places). */
  referrals: z.number().int(),
  email: z.string(),
  referralCode: z.string(),
  referralLink: z.string(),
  verified: z.boolean(),
});
export type WaitlistStanding = z.infer<typeof WaitlistStanding>;

export const WaitlistJoinResponse = WaitlistStanding.extend({
  nextSteps: z.array(z.string()),
  /** The signed status page of the entry just made, so the success view's link shows its standing. */
  statusLink: z.string(),
});
export type WaitlistJoinResponse = z.infer<typeof WaitlistJoinResponse>;

export const WaitlistEmailBody = EmailBody;

export const WaitlistEmailCheckBody = z.strictObject({ email: z.string().max(1000) });
export const WaitlistEmailCheckResponse = z.object({ isOnWaitlist: z.boolean() });
export type WaitlistEmailCheckResponse = z.infer<typeof WaitlistEmailCheckResponse>;

/**
 * `POST /api/waitlist/check-email`: whether an address already joined, asked at the form's first
 * step so a repeat is told there (with "Resend confirmation") rather than after the last step.
 * It says no more than joining would (a repeat join is refused), and is limited per IP.
 */
export const WAITLIST_EMAIL_CHECK_ROUTE = defineAppRoute({
  ...APP_PATHS.waitlistCheckEmail,
  response: WaitlistEmailCheckResponse,
});
export const WaitlistOkResponse = z.object({ ok: z.literal(true), message: z.string() });
export type WaitlistOkResponse = z.infer<typeof WaitlistOkResponse>;

export const WaitlistVerifyBody = TokenBody;
export const WaitlistVerifyResponse = z.object({
  message: z.string(),
  alreadyVerified: z.boolean(),
  /** The signed status page of this entry: whoever holds the mailed token holds the mailbox. */
  statusLink: z.string(),
});
export type WaitlistVerifyResponse = z.infer<typeof WaitlistVerifyResponse>;

export const WaitlistStatusQuery = z.object({
  email: FormText,
  token: LinkToken,
});
export const WaitlistStatusResponse = WaitlistStanding;
export type WaitlistStatusResponse = WaitlistStanding;

/** Contact sales (docs/product.md, "Other forms"): all four fields required, trimmed. */
export const CONTACT_SALES_FIELDS = [
  { id: 'name', label: 'Name', maxLength: 100 },
  { id: 'email', label: 'Email', maxLength: EMAIL_MAX_LENGTH },
  { id: 'company', label: 'Company', maxLength: 120 },
  { id: 'message', label: 'Message', maxLength: 5000 },
] as const;
export type ContactSalesFieldId = (typeof CONTACT_SALES_FIELDS)[number]['id'];

export const CONTACT_SALES_TEXTS = {
  sent: 'Thanks! Your message is on its way. Our sales team will reply within 24 hours.',
  replyPromise: 'We reply within 24 hours.',
  failed: MESSAGES.somethingWentWrong,
} as const;

const contactField = (label: string, max: number) =>
  z
    .string({ error: WAITLIST_TEXTS.required(label) })
    .trim()
    .min(1, WAITLIST_TEXTS.required(label))
    .max(max, WAITLIST_TEXTS.tooLong(label, max));

export const ContactSalesBody = z.strictObject({
  name: contactField('Name', 100),
  email: contactField('Email', EMAIL_MAX_LENGTH).regex(EMAIL_PATTERN, WAITLIST_TEXTS.invalidEmail),
  company: contactField('Company', 120),
  message: contactField('Message', 5000),
});
export type ContactSalesBody = z.infer<typeof ContactSalesBody>;
export const ContactSalesResponse = z.object({ ok: z.literal(true), message: z.string() });
export type ContactSalesResponse = z.infer<typeof ContactSalesResponse>;

/** One field's contact-sales error, or undefined (the form shows it after blur, clears it on edit). */
export function contactSalesFieldError(id: ContactSalesFieldId, value: string): string | undefined {
  const result = ContactSalesBody.shape[id].safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** Admin: entries by rank, CSV export, invite next N. */
export const AdminWaitlistQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});
export const AdminWaitlistEntry = z.object({
  id: z.string(),
  position: z.number().int(),
  email: z.string(),
  name: z.string(),
  answers: z.record(z.string(), z.string()),
  score: z.number().int(),
  priority: z.string(),
  referrals: z.number().int(),
  referralCode: z.string(),
  referredBy: z.string().nullable(),
  verified: z.boolean(),
  invitedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminWaitlistEntry = z.infer<typeof AdminWaitlistEntry>;
export const AdminWaitlistResponse = z.object({
  entries: z.array(AdminWaitlistEntry),
  total: z.number().int(),
  verified: z.number().int(),
  invited: z.number().int(),
});
export type AdminWaitlistResponse = z.infer<typeof AdminWaitlistResponse>;
export const AdminWaitlistInviteBody = z.strictObject({
  count: z.number().int().min(1).max(WAITLIST_INVITE_MAX),
});
export const AdminWaitlistInviteResponse = z.object({
  invited: z.array(z.object({ id: z.string(), email: z.string(), position: z.number().int() })),
});
export type AdminWaitlistInviteResponse = z.infer<typeof AdminWaitlistInviteResponse>;

/**
 * The admin's waitlist: the list by rank, "invite next N", and the CSV export (not JSON, so without
 * an answer schema).
 */
export const WAITLIST_ADMIN_ROUTES = {
  list: defineAppRoute({
    ...APP_PATHS.adminWaitlist,
    query: AdminWaitlistQuery,
    response: AdminWaitlistResponse,
  }),
  invite: defineAppRoute({
    ...APP_PATHS.adminWaitlistInvite,
    body: AdminWaitlistInviteBody,
    response: AdminWaitlistInviteResponse,
  }),
  csv: defineAppRoute({ ...APP_PATHS.adminWaitlistCsv }),
};

/**
 * The public waitlist and Contact Sales (docs/waitlist.md, "Endpoints"). Contact Sales' body is
 * checked by the operation (ContactSalesBody), so each rule's text names its field.
 */
export const WAITLIST_API_ROUTES = {
  join: defineAppRoute({ ...APP_PATHS.joinWaitlist, body: WaitlistJoinBody, response: WaitlistJoinResponse }),
  checkEmail: defineAppRoute({ ...WAITLIST_EMAIL_CHECK_ROUTE, body: WaitlistEmailCheckBody }),
  resend: defineAppRoute({
    ...APP_PATHS.waitlistResend,
    body: WaitlistEmailBody,
    response: WaitlistOkResponse,
  }),
  verify: defineAppRoute({
    ...APP_PATHS.waitlistVerify,
    body: WaitlistVerifyBody,
    response: WaitlistVerifyResponse,
  }),
  status: defineAppRoute({
    ...APP_PATHS.waitlistStatus,
    query: WaitlistStatusQuery,
    response: WaitlistStatusResponse,
  }),
  contactSales: defineAppRoute({ ...APP_PATHS.contactSales, response: ContactSalesResponse }),
};
