import { useOutletContext } from 'react-router';
import type { SessionUser } from '../auth/session-user.ts';

/** The signed-in user inside /app: the layout renders its pages only once RequireAuth has one. */
export const useAppUser = () => useOutletContext<SessionUser>();
