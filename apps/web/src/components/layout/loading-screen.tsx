import { MESSAGES } from '@conduit/contracts';
import { LoaderCircle } from 'lucide-react';

export function LoadingScreen({ label = MESSAGES.loading }: { label?: string }) {
  return (
    <div role="status" className="flex min-h-[60dvh] items-center justify-center gap-3 text-muted">
      <LoaderCircle aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />
      <span>{label}</span>
    </div>
  );
}
