// A server the bench started as a child process: waited for until it answers, and stopped with its own signal.

/**
 * Polls `url` until it answers 2xx (or the child exits, which throws), then answers the handle the bench keeps:
 * its address, its pid (for /proc) and `stop()`.
 */
export async function serverProcess(child, { name, baseUrl, readyPath, stopSignal = "SIGTERM", waitMs = 10_000 }) {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const deadline = Date.now() + waitMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}${readyPath}`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseUrl,
    pid: child.pid,
    async stop() {
      if (child.exitCode === null) child.kill(stopSignal);
      await exited;
    },
  };
}
