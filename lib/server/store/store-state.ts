import "server-only";
import { getEnv } from "@/lib/server/env";
import { processState } from "@/lib/server/ops/process-state";
import { storeConfigured } from "@/lib/server/store/store-configured";

export type StoreState = "off" | "up" | "down";

const FRESH_MS = 5_000;

/**
 * Whether the store answers, for /api/ready: `off` without DATABASE_URL. Forms answer either way,
 * so a store that is `down` does not make the copy unready. Checked at most once per 5 s.
 */
export async function storeState(): Promise<StoreState> {
  if (!storeConfigured()) return "off";
  const cache = processState(
    "store-state",
    (): { at: number; state: StoreState; running?: Promise<StoreState> } => ({
      at: 0,
      state: "down",
    }),
  );
  if (Date.now() - cache.at < FRESH_MS) return cache.state;
  cache.running ??= (async () => {
    const { getStore } = await import("@/lib/server/store/get-store");
    const timeout = new Promise<StoreState>((resolve) =>
      setTimeout(() => resolve("down"), getEnv().limits.readinessTimeoutMs).unref(),
    );
    const ping = getStore()
      .pool.query("select 1")
      .then((): StoreState => "up")
      .catch((): StoreState => "down");
    const state = await Promise.race([ping, timeout]);
    Object.assign(cache, { at: Date.now(), state, running: undefined });
    return state;
  })();
  return cache.running;
}
