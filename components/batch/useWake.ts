import { useEffect } from 'react';
import { send } from '@/lib/send';

/** How often a page showing a running job reminds the worker (a stopped one wakes, reconciles and goes on). */
export const WAKE_EVERY_MS = 10_000;

/**
 * While `active` (a job shows as running), the page sends a wake message now and every WAKE_EVERY_MS: Chrome stops a
 * worker whenever it likes, and the message starts a new one, whose start carries the job on. Nothing is sent when no
 * job runs.
 */
export function useWakeWhile(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const ping = () => void send('work.wake', {}).catch(() => undefined);
    ping();
    const timer = setInterval(ping, WAKE_EVERY_MS);
    return () => clearInterval(timer);
  }, [active]);
}
