/**
 * Counts requests being handled, so shutdown can wait for them before closing the database: a client that hangs
 * up does not stop its request's work, so the end of the connections says nothing about it.
 */
export function inFlightRequests() {
  let active = 0;
  let waiting: Array<() => void> = [];
  const settle = () => {
    if (--active > 0) return;
    for (const resolve of waiting) resolve();
    waiting = [];
  };
  return {
    track<A extends unknown[]>(fetch: (...args: A) => Response | Promise<Response>) {
      return async (...args: A): Promise<Response> => {
        active++;
        try {
          return await fetch(...args);
        } finally {
          settle();
        }
      };
    },
    idle: () => (active === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve))),
  };
}
