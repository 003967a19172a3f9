/**
 * One value per process, however many copies of the module that asks for it are loaded: the server's build and
 * the pages' build each bundle the server code they use, so a plain module-level value would exist twice, and a
 * counter bumped by a page's action would be missing from GET /metrics.
 */
export function processWide<T>(name: string, make: () => T): T {
  const key = Symbol.for(`randa.${name}`);
  const holder = globalThis as Record<symbol, unknown>;
  if (!(key in holder)) holder[key] = make();
  return holder[key] as T;
}
