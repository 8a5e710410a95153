import "server-only";

// State that must be one per process (counts, pools, caches, flags) lives on globalThis under a
// registered symbol: a bundler may load a module once per route bundle and once for
// instrumentation, and module-level variables would then be several.

export function processState<T>(name: string, create: () => T): T {
  const key = Symbol.for(`dify-human-input.${name}`);
  const holder = globalThis as typeof globalThis & Record<symbol, unknown>;
  if (!(key in holder)) holder[key] = create();
  return holder[key] as T;
}
