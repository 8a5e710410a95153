import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { keepFor, keptStore } from "@/lib/form/kept-in-browser";

// What a shared computer keeps: an entry goes when its link or form ends, or when its days
// (BROWSER_KEEP_DAYS) are up, whichever comes first.

type Entry = { savedAt: number; expiresAt: number | null };
const DAY_MS = 24 * 60 * 60 * 1000;
const NOW = 1_800_000_000_000;

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
}

const store = keptStore<Entry>(
  "test:",
  (value) => value as Entry,
  (entry) => entry.savedAt,
);
const key = { token: "tok", user: "alice" };

beforeEach(() => {
  vi.stubGlobal("window", { localStorage: memoryStorage() });
  vi.useFakeTimers({ now: NOW, toFake: ["Date"] });
  keepFor(7);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("keptStore", () => {
  it("keeps an entry at most the days kept, though its link would last longer", () => {
    store.save(key, { savedAt: NOW - 6 * DAY_MS, expiresAt: null });
    expect(store.load(key)).not.toBeNull();
    vi.setSystemTime(NOW + DAY_MS);
    expect(store.load(key)).toBeNull();
    store.sweep();
    expect(window.localStorage.length).toBe(0);
  });

  it("keeps to a shorter BROWSER_KEEP_DAYS, and still drops an entry whose link has ended", () => {
    keepFor(1);
    store.save(key, { savedAt: NOW - 2 * DAY_MS, expiresAt: null });
    expect(store.load(key)).toBeNull();
    store.save(key, { savedAt: NOW, expiresAt: NOW / 1000 - 1 });
    store.sweep();
    expect(window.localStorage.length).toBe(0);
  });
});
