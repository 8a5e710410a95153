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

const DAY_MS = 24 * 60 * 60 * 1000;
let keepMs = 7 * DAY_MS;

/** The longest an entry is kept, in days (BROWSER_KEEP_DAYS): a shared computer forgets. */
export function keepFor(days: number): void {
  keepMs = days * DAY_MS;
}

/**
 * The entries of one kind (`prefix`), each read back by `read` (null: not one of them) and kept
 * from `keptSince` (epoch ms) at most the days kept; an entry past its time reads as none.
 */
export function keptStore<T extends { expiresAt: number | null }>(
  prefix: string,
  read: (value: unknown) => T | null,
  keptSince: (value: T) => number,
) {
  const keyOf = ({ token, user }: DraftKey) =>
    `${prefix}${encodeURIComponent(token)}:${encodeURIComponent(user)}`;
  const over = (kept: T, nowMs: number) =>
    (kept.expiresAt !== null && kept.expiresAt <= nowMs / 1000) ||
    keptSince(kept) + keepMs <= nowMs;
  const readKey = (key: string) =>
    withStorage((store) => {
      const raw = store.getItem(key);
      return raw ? read(JSON.parse(raw)) : null;
    });
  const load = (key: string) => {
    const kept = readKey(key);
    return kept && !over(kept, Date.now()) ? kept : null;
  };
  return {
    load: (key: DraftKey) => load(keyOf(key)),
    save: (key: DraftKey, value: T) =>
      void withStorage((store) => store.setItem(keyOf(key), JSON.stringify(value))),
    remove: (key: DraftKey) => void withStorage((store) => store.removeItem(keyOf(key))),
    /** Deletes every entry whose link or form has ended or whose days are up, and unreadable ones. */
    sweep: (nowMs = Date.now()) =>
      void withStorage((store) => {
        const keys = Array.from({ length: store.length }, (_, index) => store.key(index));
        for (const key of keys) {
          if (!key?.startsWith(prefix)) continue;
          const kept = readKey(key);
          if (!kept || over(kept, nowMs)) store.removeItem(key);
        }
      }),
  };
}
