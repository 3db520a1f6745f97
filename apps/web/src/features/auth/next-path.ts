import { ROUTES } from '@conduit/contracts';

/** The query parameter naming the page to return to after sign-in or sign-up. */
export const NEXT_PARAM = 'next';
/** `?auth=login` or `?auth=signup` on a site page opens that form (with `next`, if any). */
export const AUTH_PARAM = 'auth';

const STORAGE_KEY = 'conduit.next-path';
const MAX_LENGTH = 2000;

/** A backslash (browsers read it as "/") or a control character. */
const isUnsafeCharacter = (character: string) => {
  const code = character.charCodeAt(0);
  return character === '\\' || code < 0x20 || code === 0x7f;
};

/**
 * A same-site path to go to, or null. Only a path starting with one "/" qualifies: "//evil.com",
 * "/\evil.com" (read by browsers as "//"), absolute URLs, control characters and over-long values
 * are refused, so the parameter can never send anyone to another site.
 */
export function safeNextPath(value: string | null | undefined): string | null {
  if (!value || value.length > MAX_LENGTH) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  if ([...value].some(isUnsafeCharacter)) return null;
  try {
    const url = new URL(value, 'https://same.site');
    if (url.origin !== 'https://same.site') return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** `?email=` on an auth link: the address the form starts with (an invitation's). */
export const EMAIL_PARAM = 'email';

/** The site path with `?auth=<view>&next=<path>` (and the address to fill in), for links that sign in and come back. */
export const authLink = (view: 'login' | 'signup', next: string, email?: string) =>
  `${ROUTES.home}?${new URLSearchParams({ [AUTH_PARAM]: view, [NEXT_PARAM]: next, ...(email && { [EMAIL_PARAM]: email }) })}`;

/**
 * Keeps the page to return to across a sign-up (the verification link opens in a new tab) or a
 * Google round trip, in this browser only.
 */
export function rememberNextPath(next: string | null) {
  try {
    if (next) localStorage.setItem(STORAGE_KEY, next);
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage may be unavailable (private mode): the user lands on the dashboard instead.
  }
}

/** The remembered page (checked again), forgotten once read; the dashboard when there is none. */
export function takeNextPath(): string {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(STORAGE_KEY);
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    stored = null;
  }
  return safeNextPath(stored) ?? ROUTES.app;
}
