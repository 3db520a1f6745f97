import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode, useEffect } from 'react';

/** Marks <html data-interactive> once React owns the page (after hydration of the prerendered landing). */
function InteractiveMarker() {
  useEffect(() => {
    document.documentElement.dataset.interactive = 'true';
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
