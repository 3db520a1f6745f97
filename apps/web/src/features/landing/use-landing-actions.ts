import { MESSAGES, PACK_PARAM, ROUTES } from '@conduit/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useAuthModal } from '../auth/auth-modal-context.ts';
import { CURRENT_USER_QUERY_KEY } from '../auth/session-user.ts';
import { useNotify } from '../notifications/notification-context.ts';

/**
 * The landing's calls to action: get started sends a signed-in user to /app and anyone else to
 * sign-up (docs/product.md, "Header, footer and notifications"); a pricing card sends a signed-in user to /app/credits with its pack
 * chosen; the demo is announced as coming soon. The session is read at click time, so the
 * prerendered markup never depends on it.
 */
export function useLandingActions() {
  const { openAuthModal } = useAuthModal();
  const { info } = useNotify();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return {
    getStarted: () => {
      if (queryClient.getQueryData(CURRENT_USER_QUERY_KEY)) void navigate(ROUTES.app);
      else openAuthModal('signup');
    },
    choosePack: (packName: string) => {
      if (queryClient.getQueryData(CURRENT_USER_QUERY_KEY)) {
        void navigate(`${ROUTES.appCredits}?${new URLSearchParams({ [PACK_PARAM]: packName })}`);
      } else openAuthModal('signup');
    },
    watchDemo: () => info({ message: MESSAGES.demoComingSoon }),
  };
}
