// The portal token a person typed on /knowledge, kept for this tab only (sessionStorage): it is
// gone when the tab closes, and "Forget token" removes it at once. Where storage is blocked it
// lives in memory until the page is left.

const KEY = "knowledge-portal-token";

let memory: string | null = null;
const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function loadPortalToken(): string | null {
  try {
    return storage()?.getItem(KEY) || memory;
  } catch {
    return memory;
  }
}

export function savePortalToken(token: string): void {
  memory = token;
  try {
    storage()?.setItem(KEY, token);
  } catch {
    // Full or blocked storage: the in-memory copy is used.
  }
  listeners.forEach((listener) => listener());
}

export function forgetPortalToken(): void {
  memory = null;
  try {
    storage()?.removeItem(KEY);
  } catch {
    // Nothing stored, nothing to forget.
  }
  listeners.forEach((listener) => listener());
}

export function subscribePortalToken(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
