import { createContext, useContext } from 'react';

export type NotificationType = 'info' | 'success' | 'error' | 'warning';

export interface NotificationInput {
  type?: NotificationType;
  title?: string;
  message: string;
  /** Milliseconds before it closes itself; 0 or less keeps it until closed. */
  duration?: number;
}

export interface Notification {
  id: string;
  type: NotificationType;
  title?: string;
  message: string;
  duration: number;
  isLeaving: boolean;
}

type ShortcutInput = Omit<NotificationInput, 'type'>;

export interface NotifyApi {
  notify: (input: NotificationInput) => string;
  info: (input: ShortcutInput) => string;
  success: (input: ShortcutInput) => string;
  warning: (input: ShortcutInput) => string;
  error: (input: ShortcutInput) => string;
  dismiss: (id: string) => void;
}

export const NotifyContext = createContext<NotifyApi | null>(null);

export function useNotify(): NotifyApi {
  const api = useContext(NotifyContext);
  if (!api) throw new Error('useNotify must be used inside <NotificationProvider>');
  return api;
}
