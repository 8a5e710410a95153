import "server-only";
import { ApiError } from "@/lib/errors/api-error";

/**
 * Runs a call made with the server's knowledge key. The upstream's 401 is about that key, not the
 * caller's portal token (our own 401): it becomes `upstream_key_refused`, so the page tells the
 * two apart.
 */
export async function withKnowledgeKey<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      throw ApiError.of("upstream_key_refused", "The knowledge API refused this server's key.");
    }
    throw error;
  }
}
