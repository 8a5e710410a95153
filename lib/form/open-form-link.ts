/**
 * Goes to a signed form link the server handed the page (the launcher's, the run's next form).
 * Top-level, as a page load: the server then trades the link's credentials for its cookie and
 * answers with the clean address (decision 035); a client-side navigation would skip that trade
 * and leave the signature in the address bar. In a frame, where the cookie would be third-party,
 * in place with the router.
 */
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
