// API answers are data: nothing runs in or frames them, no cache keeps their personal data and
// links, and a signed link never travels on in a Referer.
export const API_RESPONSE_HEADERS = {
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
  "Cache-Control": "no-store",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
} as const;

/** The headers of every page and static file, besides a page's CSP (contentSecurityPolicy). */
export function withPageHeaders(response: Response, pathname: string): Response {
  response.headers.set("X-Content-Type-Options", "nosniff");
  // Form links carry signatures: never send them on in a Referer.
  response.headers.set("Referrer-Policy", "no-referrer");
  if (pathname.startsWith("/form/")) {
    response.headers.set("Cache-Control", "no-store");
    // Form links are personal: never in a search index (the page says so in a meta tag too).
    response.headers.set("X-Robots-Tag", "noindex, nofollow");
  }
  return response;
}

export function contentSecurityPolicy(options: {
  nonce: string;
  /** Who may frame this page: the portal origins on a form page (EMBED_ALLOWED_ORIGINS), else none. */
  frameAncestors: readonly string[];
  /** Where Markdown images may load from (MARKDOWN_IMAGE_ORIGINS: origins, or path prefixes). */
  imageSources: readonly string[];
  dev: boolean;
}): string {
  const ancestors = options.frameAncestors.length ? options.frameAncestors.join(" ") : "'none'";
  const directives = [
    "default-src 'self'",
    // 'strict-dynamic' lets the nonced bootstrap load Next's chunks; dev mode's React needs eval.
    `script-src 'self' 'nonce-${options.nonce}' 'strict-dynamic'${options.dev ? " 'unsafe-eval'" : ""}`,
    // Inline style attributes (React's `style` prop) need 'unsafe-inline'; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    // NOTE: a browser follows a redirect from an allowed source without its path: the Markdown
    // renderer's own check keeps to the prefix, the CSP to the origin.
    ["img-src 'self' blob: data:", ...options.imageSources].join(" "),
    "font-src 'self' data:",
    `connect-src 'self'${options.dev ? " ws:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${ancestors}`,
  ];
  return directives.join("; ");
}

/** Only form pages are embedded (components/embed): every other page refuses every frame. */
export function frameAncestorsFor(pathname: string, embedAllowedOrigins: readonly string[]) {
  return pathname.startsWith("/form/") || pathname === "/inbox" ? embedAllowedOrigins : [];
}
