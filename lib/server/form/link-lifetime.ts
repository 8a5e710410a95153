// NOTE: no `server-only`: `npm run sign-link` refuses to mint what the app would refuse.

/**
 * True when a link's `exp` (Unix seconds; 0 for an unsigned link without one) lies further ahead
 * than `maxTtlSeconds` (MAX_LINK_TTL) from now. A signature vouches for a link until its `exp`;
 * the operator bounds how long that may be, so a leaked old link does not stay good for years.
 */
export function exceedsMaxLinkTtl(
  exp: number,
  maxTtlSeconds: number,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  return exp > nowSeconds + maxTtlSeconds;
}
