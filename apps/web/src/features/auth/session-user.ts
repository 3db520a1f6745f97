import { useQuery } from '@tanstack/react-query';
import { ApiError, apiClient } from '../../lib/api-client.ts';

export interface SessionUser {
  email: string;
  name?: string | null;
  avatar?: string | null;
  role?: string | null;
  emailVerified?: boolean;
}

export const ADMIN_ROLES = ['admin', 'super_admin'];
export const CURRENT_USER_QUERY_KEY = ['auth', 'me'] as const;

/** The signed-in user, or null when signed out (a 401 is an answer, not an error: spec section 8). */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<SessionUser | null> {
  try {
    const body = await apiClient.get<{ user?: SessionUser | null }>('/api/auth/me', { signal });
    return body?.user ?? null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const useCurrentUser = () =>
  useQuery({
    queryKey: CURRENT_USER_QUERY_KEY,
    queryFn: ({ signal }) => fetchCurrentUser(signal),
    retry: false,
  });

export const isAdmin = (user: SessionUser | null | undefined) => ADMIN_ROLES.includes(user?.role ?? '');
