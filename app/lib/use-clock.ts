import { useEffect, useState } from "react";

/**
 * The server's time now, in milliseconds, ticking every `everyMs`. The first render uses `serverNow` (the loader's
 * clock), so the server's HTML and the hydrating browser write the same text; then the browser's clock runs on,
 * set by the server's, so a browser whose clock is wrong does not count the store's minutes wrong.
 */
export function useClock(serverNow: string, everyMs = 30_000): number {
  const server = Date.parse(serverNow);
  const [now, setNow] = useState(server);
  useEffect(() => {
    const skew = server - Date.now();
    const tick = () => setNow(Date.now() + skew);
    tick();
    const timer = setInterval(tick, everyMs);
    return () => clearInterval(timer);
  }, [server, everyMs]);
  return now;
}
