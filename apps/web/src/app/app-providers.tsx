import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode, useEffect } from 'react';
import { replayQueuedClick } from '../features/landing/click-queue.ts';

/**
 * Marks <html data-interactive> once React owns the page (after hydration of the prerendered
 * landing), and replays a tap made before then.
 */
function InteractiveMarker() {
  useEffect(() => {
    document.documentElement.dataset.interactive = 'true';
    replayQueuedClick();
  }, []);
  return null;
}

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        {children}
        <InteractiveMarker />
      </QueryClientProvider>
    </StrictMode>
  );
}
