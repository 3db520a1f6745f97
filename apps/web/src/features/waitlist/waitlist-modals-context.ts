import type { WaitlistJoinResponse } from '@conduit/contracts';
import { createContext, useContext } from 'react';

export interface WaitlistModalsApi {
  openJoin: () => void;
  openContactSales: () => void;
  /** The last successful join on this page: the landing shows its success view. */
  joined: WaitlistJoinResponse | null;
}

export const WaitlistModalsContext = createContext<WaitlistModalsApi | null>(null);

export function useWaitlistModals(): WaitlistModalsApi {
  const api = useContext(WaitlistModalsContext);
  if (!api) throw new Error('useWaitlistModals must be used inside <WaitlistLayout>');
  return api;
}
