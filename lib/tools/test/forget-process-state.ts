// Unit tests that load a module afresh (vi.resetModules) also want its process-wide state afresh.

/** Drops every value `processState` holds, so the next use creates it again. */
export function forgetProcessState(): void {
  const holder = globalThis as Record<symbol, unknown>;
  for (const key of Object.getOwnPropertySymbols(holder)) {
    if (Symbol.keyFor(key)?.startsWith("dify-human-input.")) delete holder[key];
  }
}
