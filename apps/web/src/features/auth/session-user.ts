import {
  ADMIN_ROLES,
  APP_PATHS,
  type AUTH_ROUTES,
  type AuthUser,
  type SessionResponse,
} from '@conduit/contracts';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { ApiError, callPath } from '../../lib/api-client.ts';
import { rememberSession } from './session-hint.ts';

export type SessionUser = AuthUser;

export const CURRENT_USER_QUERY_KEY = ['auth', 'me'] as const;

/**
 * The signed-in user, or null when signed out (docs/product.md, "States and transitions"): asked
 * of `GET /api/auth/session`, which answers null rather than a 401, so a signed-out page load logs
 * no failed request. A 401 (an older server) still means signed out.
 */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<SessionUser | null> {
  let user: SessionUser | null;
  try {
    // Read defensively: a proxy or an old server may answer 200 without a user. Every page loads
    // this module, so it calls the route by its plain path (`callPath`).
    const body: Partial<SessionResponse> | null = await callPath<typeof AUTH_ROUTES.session>(
      APP_PATHS.session,
      {
        signal,
      },
    );
    user = body?.user ?? null;
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) throw error;
    user = null;
  }
  rememberSession(user !== null);
  return user;
}

export const currentUserQuery = queryOptions({
  queryKey: CURRENT_USER_QUERY_KEY,
  queryFn: ({ signal }) => fetchCurrentUser(signal),
  retry: false,
});

export const useCurrentUser = () => useQuery(currentUserQuery);

/**
 * Asks the server again (after sign-in or Google's return) and stores the answer. Its own request,
 * not the shared query's: that one is cancelled whenever its last observer unmounts.
 */
export async function refetchCurrentUser(queryClient: QueryClient): Promise<SessionUser | null> {
  await queryClient.cancelQueries({ queryKey: CURRENT_USER_QUERY_KEY });
  const user = await fetchCurrentUser();
  queryClient.setQueryData(CURRENT_USER_QUERY_KEY, user);
  return user;
}

/**
 * Forgets the signed-in user and everything loaded for them, so the next account on this browser
 * never sees the previous one's data.
 */
export function endSession(queryClient: QueryClient) {
  rememberSession(false);
  queryClient.setQueryData(CURRENT_USER_QUERY_KEY, null);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== CURRENT_USER_QUERY_KEY[0] });
}

const subscribeToNothing = () => () => undefined;

/** False while React hydrates the prerendered landing (and on the server), true afterwards. */
export const useIsHydrated = () =>
  useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );

/**
 * The session for pages that are prerendered: undefined (unknown) during hydration so the first
 * client render matches the static markup, then the current user or null.
 */
export function useSessionUser(): SessionUser | null | undefined {
  const isHydrated = useIsHydrated();
  const { data } = useCurrentUser();
  return isHydrated ? data : undefined;
}

export const isAdmin = (user: SessionUser | null | undefined) => !!user && ADMIN_ROLES.includes(user.role);

/** "ada" for ada@example.com (the sidebar and dashboard greet by it: docs/product.md, "Signed-in area"). */
export const emailLocalPart = (email: string) => email.split('@')[0] || email;

/** The user's name, or the email's local part for accounts without one. */
export const displayName = (user: Pick<SessionUser, 'name' | 'email'>) =>
  user.name?.trim() || emailLocalPart(user.email);
