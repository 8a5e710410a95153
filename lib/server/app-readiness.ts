import "server-only";
import { getAppParameters } from "@/lib/dify/dify-client";
import { isDraining } from "@/lib/server/graceful-shutdown";
import { createReadiness } from "@/lib/server/readiness";

// The process's one readiness check (see lib/server/readiness.ts), kept on globalThis like the other
// per-process state so every route bundle shares its cache.

const READINESS = Symbol.for("dify-human-input.readiness");

export function getReadiness() {
  const holder = globalThis as typeof globalThis & {
    [READINESS]?: ReturnType<typeof createReadiness>;
  };
  holder[READINESS] ??= createReadiness({
    check: (signal) => getAppParameters(signal),
    draining: isDraining,
  });
  return holder[READINESS].get();
}
