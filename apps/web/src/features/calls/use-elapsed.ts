import { useEffect, useState } from 'react';

/** Milliseconds since `since`, updated every second while `isRunning`. */
export function useElapsed(since: string, isRunning: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!isRunning) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [isRunning]);
  return Math.max(0, now - Date.parse(since));
}
