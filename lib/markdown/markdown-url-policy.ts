// Where a URL in untrusted workflow Markdown may lead: a link is internal only when it is a
// relative URL that stays on the page's origin (not `//evil.example/x` nor `/\evil.example`). An
// image loads only from an allowed source: a request the reader did not choose can carry data out.

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

// An absolute http(s) image URL under an allowed origin, or origin and path prefix ending in `/`.
// The parser has resolved `..` (`%2e%2e` too), so a climbing path is judged where it lands.
export function isAllowedImageSrc(src: string, allowedSources: readonly string[]): boolean {
  const trimmed = src.trim();
  if (!/^https?:\/\//i.test(trimmed)) return false;
  const url = resolve(trimmed);
  if (url === null) return false;
  return allowedSources.some((source) => {
    const allowed = resolve(source);
    if (!allowed || allowed.origin !== url.origin) return false;
    return source === allowed.origin || url.pathname.startsWith(allowed.pathname);
  });
}
