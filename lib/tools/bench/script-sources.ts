/**
 * Every script the page's HTML has a browser load (`<script src>` and script preloads), in order,
 * once. `nomodule` scripts (Next's legacy polyfills) are left out: browsers that run modules skip
 * them.
 */
export function scriptSources(html: string): string[] {
  const sources = new Set<string>();
  for (const tag of html.match(/<(?:script|link)\b[^>]*>/g) ?? []) {
    const isScript = tag.startsWith("<script");
    if (!isScript && !/\bas="script"/.test(tag)) continue;
    if (/\bnomodule\b/i.test(tag)) continue;
    const url = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if (url?.startsWith("/_next/static/") && url.split("?")[0]!.endsWith(".js")) sources.add(url);
  }
  return [...sources];
}
