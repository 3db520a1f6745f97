import { ROUTES } from '@conduit/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { apiClient } from '../../lib/api-client.ts';
import { CURRENT_USER_QUERY_KEY } from '../auth/session-user.ts';

/** Signs out; the user is cleared even when the call fails (spec section 4). */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await apiClient.post('/api/auth/logout');
    } catch {
      // The local session ends regardless of the server's answer.
    } finally {
      queryClient.setQueryData(CURRENT_USER_QUERY_KEY, null);
      await navigate(ROUTES.home, { replace: true });
    }
  }, [queryClient, navigate]);
}
