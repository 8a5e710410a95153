// The Content-Security-Policy of every page and response. Scripts run only with the request's
// nonce (Next applies it to its own scripts), never from eval; frames only from allowed origins.

export function contentSecurityPolicy(options: {
  nonce: string;
  frameAncestors: string[];
  dev: boolean;
}): string {
  const ancestors = ["'self'", ...options.frameAncestors].join(" ");
  const directives = [
    "default-src 'self'",
    // 'strict-dynamic' lets the nonced bootstrap load Next's chunks; dev mode's React needs eval.
    `script-src 'self' 'nonce-${options.nonce}' 'strict-dynamic'${options.dev ? " 'unsafe-eval'" : ""}`,
    // Inline style attributes (React's `style` prop) need 'unsafe-inline'; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    // Workflow Markdown may show remote images; thumbnails of picked files are blob: URLs.
    "img-src 'self' data: blob: https: http:",
    "font-src 'self' data:",
    `connect-src 'self'${options.dev ? " ws:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${ancestors}`,
  ];
  return directives.join("; ");
}
