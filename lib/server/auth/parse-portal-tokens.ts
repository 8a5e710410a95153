export type PortalToken = { name: string; token: string };

/** The shortest bearer token accepted (PORTAL_API_TOKEN(S), METRICS_TOKEN): `openssl rand -hex 16` gives 32. */
export const MIN_BEARER_TOKEN_LENGTH = 32;
/** At most this many named tokens: each request compares against all of them. */
export const MAX_PORTAL_TOKENS = 32;
/** The name the log gives the token of PORTAL_API_TOKEN: upper case, so no named token has it. */
export const UNNAMED_PORTAL_TOKEN = "PORTAL_API_TOKEN";

const NAME = /^[a-z][a-z0-9_-]{0,31}$/;

/** `PORTAL_API_TOKENS="backend:<token> people:<token>"`; problems name the variable, never a token. */
export function parsePortalTokens(
  named: string | undefined,
  unnamed: string | undefined,
): { tokens: PortalToken[]; problems: string[] } {
  const problems: string[] = [];
  const tokens: PortalToken[] = [];
  if (unnamed !== undefined) tokens.push({ name: UNNAMED_PORTAL_TOKEN, token: unnamed });
  const entries = named?.split(/\s+/).filter(Boolean) ?? [];
  if (entries.length > MAX_PORTAL_TOKENS) {
    problems.push(`PORTAL_API_TOKENS: at most ${MAX_PORTAL_TOKENS} tokens`);
    return { tokens, problems };
  }
  entries.forEach((entry, index) => {
    const colon = entry.indexOf(":");
    const name = colon > 0 ? entry.slice(0, colon) : "";
    const token = colon > 0 ? entry.slice(colon + 1) : "";
    const where = `PORTAL_API_TOKENS: entry ${index + 1}`;
    if (!NAME.test(name)) {
      problems.push(
        `${where}: must be name:token, the name of lower-case letters, digits, - and _ (32 at most, a letter first)`,
      );
    } else if (token.length < MIN_BEARER_TOKEN_LENGTH) {
      problems.push(
        `${where} (${name}): the token must be at least ${MIN_BEARER_TOKEN_LENGTH} characters`,
      );
    } else if (tokens.some((other) => other.name === name)) {
      problems.push(`${where} (${name}): the name is used twice`);
    } else if (tokens.some((other) => other.token === token)) {
      problems.push(`${where} (${name}): the token is used twice (each name needs its own)`);
    } else {
      tokens.push({ name, token });
    }
  });
  return { tokens, problems };
}
