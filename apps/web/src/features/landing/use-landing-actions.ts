import { MESSAGES } from '@conduit/contracts';
import { useAuthModal } from '../auth/auth-modal-context.ts';
import { useNotify } from '../notifications/notification-context.ts';

/** The landing's calls to action: get started opens sign-up; the demo is announced as coming soon. */
export function useLandingActions() {
  const { openAuthModal } = useAuthModal();
  const { info } = useNotify();
  return {
    getStarted: () => openAuthModal('signup'),
    watchDemo: () => info({ message: MESSAGES.demoComingSoon }),
  };
}
