import { useElapsed } from '../calls/use-elapsed.ts';

/** "0:42", "12:03", "1:02:03" from milliseconds. */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** How long a running call has been running, ticking each second. */
export function ElapsedTime({ since }: { since: string }) {
  const elapsedMs = useElapsed(since, true);
  return (
    <time dateTime={`PT${Math.max(0, Math.floor(elapsedMs / 1000))}S`} className="text-muted tabular-nums">
      {formatElapsed(elapsedMs)}
    </time>
  );
}
