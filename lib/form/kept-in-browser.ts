// Drafts and receipts, kept in this browser's localStorage per form token and user. Blocked
// storage (private mode, a sandboxed frame) or a full quota turns them off, never the form.

/**
 * Whose entry: one form token as one link's user, the same whether the link came in the address
 * or in its cookie, so a draft survives the trade.
 */
export type DraftKey = { token: string; user: string };

type Read<T> = (value: unknown) => T | null;

export const keptKey = (prefix: string, { token, user }: DraftKey) =>
  `${prefix}${encodeURIComponent(token)}:${encodeURIComponent(user)}`;

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The entry under `key` as `read` finds it; null when there is none or it is not one. */
export function loadKept<T>(key: string, read: Read<T>): T | null {
  try {
    const raw = storage()?.getItem(key);
    return raw ? read(JSON.parse(raw)) : null;
  } catch {
    return null;
  }
}

export function saveKept(key: string, value: unknown): void {
  try {
    storage()?.setItem(key, JSON.stringify(value));
  } catch {
    // Quota or blocked storage: the page goes on without it.
  }
}

export function deleteKept(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // nothing to do
  }
}

/** Deletes every entry of `prefix` whose link or form has ended, and unreadable ones. */
export function sweepKept(
  prefix: string,
  read: Read<{ expiresAt: number | null }>,
  nowSeconds: number,
): void {
  const store = storage();
  if (!store) return;
  try {
    const keys = Array.from({ length: store.length }, (_, index) => store.key(index));
    for (const key of keys) {
      if (!key?.startsWith(prefix)) continue;
      const kept = loadKept(key, read);
      if (!kept || (kept.expiresAt !== null && kept.expiresAt <= nowSeconds)) {
        store.removeItem(key);
      }
    }
  } catch {
    // blocked storage: nothing to sweep
  }
}
