import { AUTH_FORM_TEXTS } from '@conduit/contracts';
import { useCallback } from 'react';
import { useNotify } from '../notifications/notification-context.ts';
import { displayName, type SessionUser } from './session-user.ts';

/** An account younger than this when Google sends the browser back was created by that sign-in. */
export const NEW_ACCOUNT_WINDOW_MS = 2 * 60 * 1000;

export const isNewAccount = (user: Pick<SessionUser, 'createdAt'>, now = Date.now()) =>
  now - Date.parse(user.createdAt) < NEW_ACCOUNT_WINDOW_MS;

/**
 * The sign-in notification of docs/product.md, "Header, footer and notifications": 'Successfully
 * signed in as {name}' or 'Successfully created account as {name}'.
 */
export function signedInMessage(user: Pick<SessionUser, 'name' | 'email'>, isNew = false) {
  const name = displayName(user);
  return isNew
    ? `Successfully ${AUTH_FORM_TEXTS.createdAccount} as ${name}`
    : `${AUTH_FORM_TEXTS.signedIn} as ${name}`;
}

export function useAnnounceSignIn() {
  const { success } = useNotify();
  return useCallback(
    (user: SessionUser, isNew = false) => success({ message: signedInMessage(user, isNew) }),
    [success],
  );
}
