import { ROUTES } from '@conduit/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { authApi } from './auth-api.ts';
import { endSession } from './session-user.ts';

/**
 * Signs out; the user is cleared even when the call fails
 * (docs/product.md, "States and transitions"), then the landing page.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await authApi.logout();
    } catch {
      // The local session ends regardless of the server's answer.
    } finally {
      endSession(queryClient);
      await navigate(ROUTES.home, { replace: true });
    }
  }, [queryClient, navigate]);
}
