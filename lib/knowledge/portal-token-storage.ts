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

/**
 * `/knowledge#token=…` (the link `npm run demo` prints): keeps the token as if it had been typed
 * and drops it from the address bar and the history entry. A fragment never reaches a server.
 */
export function takePortalTokenFromFragment(): void {
  const match = /^#token=([^&]{1,512})$/.exec(window.location.hash);
  if (!match?.[1]) return;
  let token: string;
  try {
    token = decodeURIComponent(match[1]);
  } catch {
    return;
  }
  savePortalToken(token);
  window.history.replaceState(
    window.history.state,
    "",
    window.location.pathname + window.location.search,
  );
}
