// NOTE: no `server-only`: `npm run sign-link` refuses to mint what the app would refuse.

/** Whether `exp` lies past MAX_LINK_TTL: a leaked link must not stay good for years. */
export function exceedsMaxLinkTtl(
  exp: number,
  maxTtlSeconds: number,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  return exp > nowSeconds + maxTtlSeconds;
}
