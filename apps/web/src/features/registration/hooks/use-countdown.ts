import { useEffect, useState } from 'react';
import { secondsUntil } from '../utils/countdown';

/** Seconds left until `until` (an ISO time), updated every second until it reaches 0. */
export function useCountdown(until: string | null): number {
  const [now, setNow] = useState(() => new Date());

  useEffect(() => {
    if (!until) return;
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const current = new Date();
      setNow(current);
      // Wake up when the next whole second is shown, until there is nothing left to count.
      const left = new Date(until).getTime() - current.getTime();
      if (left > 0) timer = setTimeout(tick, left % 1000 || 1000);
    };
    // A new deadline (a code sent again) is counted from the current time at once.
    timer = setTimeout(tick, 0);
    return () => clearTimeout(timer);
  }, [until]);

  return until ? secondsUntil(until, now) : 0;
}
