// Where a URL in workflow Markdown may lead. The Markdown is untrusted (an LLM may have written
// it), so: a link is internal only when it is a relative URL that stays on the page's own origin;
// protocol-relative (`//evil.example/x`), backslash tricks (`/\evil.example`) and other hosts are
// external. An image loads only from an allowed origin: loading it is a request the reader did
// not choose, and its URL can carry data out.

// Any origin would do: only whether a relative URL leaves it matters.
const PROBE_BASE = "https://same-origin.invalid/form/";

function resolve(url: string): URL | null {
  try {
    return new URL(url, PROBE_BASE);
  } catch {
    return null;
  }
}

/** A relative URL that stays on the page's own origin (a path, `?query` or `#fragment`). */
export function isInternalHref(href: string): boolean {
  const trimmed = href.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed)) return false; // has a scheme: absolute
  return resolve(trimmed)?.origin === new URL(PROBE_BASE).origin;
}

/** An absolute http(s) image URL on one of the allowed origins. */
export function isAllowedImageSrc(src: string, allowedOrigins: readonly string[]): boolean {
  const trimmed = src.trim();
  if (!/^https?:\/\//i.test(trimmed)) return false;
  const url = resolve(trimmed);
  return url !== null && allowedOrigins.includes(url.origin);
}
