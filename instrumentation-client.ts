// Runs in the browser before hydration (Next's file convention). A form page's answers' schema is
// not in its first load (zod is large); asked for here, it loads while the page hydrates and the
// network is otherwise idle, so a first tap on a slow phone rarely waits for it (decision 090).
if (window.location.pathname.startsWith("/form/")) {
  import("@/lib/form/answer-resolver").catch(() => undefined);
}
