import "server-only";
import { getEnv } from "@/lib/server/env";

/**
 * Whether this server keeps requests and decisions (DATABASE_URL is set): no I/O, and no import of
 * the store's modules, so the link-only path pays nothing for them.
 */
export function storeConfigured(): boolean {
  return getEnv().DATABASE_URL !== undefined;
}
