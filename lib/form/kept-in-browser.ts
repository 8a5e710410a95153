// Drafts and receipts, kept in this browser's localStorage per form token and user. Blocked
// storage (private mode, a sandboxed frame) or a full quota turns them off, never the form.

/** Whose entry: a form token and user, alike from the address or the cookie. */
export type DraftKey = { token: string; user: string };

function withStorage<R>(task: (store: Storage) => R): R | null {
  try {
    return typeof window === "undefined" ? null : task(window.localStorage);
  } catch {
    return null;
  }
}

/** The entries of one kind (`prefix`), each read back by `read` (null: not one of them). */
export function keptStore<T extends { expiresAt: number | null }>(
  prefix: string,
  read: (value: unknown) => T | null,
) {
  const keyOf = ({ token, user }: DraftKey) =>
    `${prefix}${encodeURIComponent(token)}:${encodeURIComponent(user)}`;
  const load = (key: string) =>
    withStorage((store) => {
      const raw = store.getItem(key);
      return raw ? read(JSON.parse(raw)) : null;
    });
  return {
    load: (key: DraftKey) => load(keyOf(key)),
    save: (key: DraftKey, value: T) =>
      void withStorage((store) => store.setItem(keyOf(key), JSON.stringify(value))),
    remove: (key: DraftKey) => void withStorage((store) => store.removeItem(keyOf(key))),
    /** Deletes every entry whose link or form has ended, and unreadable ones. */
    sweep: (nowSeconds = Math.floor(Date.now() / 1000)) =>
      void withStorage((store) => {
        const keys = Array.from({ length: store.length }, (_, index) => store.key(index));
        for (const key of keys) {
          if (!key?.startsWith(prefix)) continue;
          const kept = load(key);
          if (!kept || (kept.expiresAt !== null && kept.expiresAt <= nowSeconds)) {
            store.removeItem(key);
          }
        }
      }),
  };
}
