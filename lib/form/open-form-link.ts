// Goes to a signed form link. Top-level as a page load, so the server trades it for its cookie
// (decision 035) and the signature leaves the address bar; in a frame (a third-party cookie there),
// with the router.
export function openFormLink(
  url: string,
  router: { push(href: string): void; replace(href: string): void },
  how: "push" | "replace",
): void {
  if (window.self === window.top) {
    if (how === "push") window.location.assign(url);
    else window.location.replace(url);
    return;
  }
  router[how](url);
}
