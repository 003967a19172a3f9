// One bounded load on 127.0.0.1 with autocannon: a short warm-up, then the measured run.
import autocannon from "autocannon";

export const LOAD = { connections: 50, durationSeconds: 10, warmupSeconds: 3 };

/**
 * `requests` as autocannon takes them (method, path, headers, body, setupRequest).
 * Answers requests per second, p50 and p99 latency in ms, and how many answers were not 2xx.
 */
export async function measure(baseUrl, requests, load = LOAD) {
  const options = { url: baseUrl, connections: load.connections, requests };
  await autocannon({ ...options, duration: load.warmupSeconds });
  const result = await autocannon({ ...options, duration: load.durationSeconds });
  return {
    rps: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}
