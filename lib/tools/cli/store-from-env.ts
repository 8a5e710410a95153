import { createStore, type Store } from "@/lib/server/store/create-store";

/** The store at DATABASE_URL for a command-line tool, or a clear exit when it is unset. */
export function storeFromEnv(tool: string): Store {
  const url = process.env.DATABASE_URL?.trim();
  if (!url) {
    console.error(`${tool}: set DATABASE_URL to the store's postgres:// URL.`);
    process.exit(2);
  }
  return createStore(url, { max: 2, queryTimeoutMs: 60_000 });
}
