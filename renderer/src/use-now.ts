// The time now, in ms since the epoch, redrawn every second while `ticking`: for countdowns and "for 0:23".
import { useEffect, useState } from 'react';

export function useNow(ticking = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [ticking]);
  return now;
}
