import { COPY_CONFIRMATION_MS } from '@conduit/contracts';
import { useEffect, useState } from 'react';

type CopyState = { status: 'idle' } | { status: 'copied' | 'failed'; at: number };
export type CopyStatus = 'idle' | 'copied' | 'failed';

/**
 * Copies text; 'copied' lasts COPY_CONFIRMATION_MS (docs/product.md, "Timings"), 'failed' until the
 * next try.
 */
export function useCopy() {
  const [state, setState] = useState<CopyState>({ status: 'idle' });
  useEffect(() => {
    if (state.status !== 'copied') return;
    const timer = setTimeout(() => setState({ status: 'idle' }), COPY_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = async (text: string) => {
    try {
      // Undefined outside a secure context (plain http on a LAN address): that is a failure too.
      await navigator.clipboard.writeText(text);
      setState({ status: 'copied', at: Date.now() });
    } catch {
      setState({ status: 'failed', at: Date.now() });
    }
  };
  return { status: state.status as CopyStatus, copy };
}
