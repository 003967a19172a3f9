/**
 * `load` run when first needed and its answer kept for every later call (a large SDK imported on the first call to
 * its service). A load that failed is not kept: the next call tries again.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((err: unknown) => {
      loading = undefined;
      throw err;
    }));
}
