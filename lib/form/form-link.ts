// The form link's claims and query keys; signing and verifying it is server code.

/** `form`: the link opens its own form only. `run`: it may open the run's later forms too. */
export type LinkScope = "form" | "run";

/** `full`: the run view RUN_STREAM_OUTPUTS allows. `progress`: the run's progress only. */
export type LinkView = "full" | "progress";

/** `link`: the link's holder may answer. `signin`: only its user, signed in, may open the form. */
export type LinkAuth = "link" | "signin";

export type FormLinkClaims = {
  token: string;
  /** Workflow run id; empty when there is no run to follow. */
  run: string;
  user: string;
  /** Expiry, Unix seconds. */
  exp: number;
  scope: LinkScope;
  view: LinkView;
  auth: LinkAuth;
};

/** Without a scope a link opens its own form only; without a view it does not narrow the run view. */
export type FormLinkInput = Omit<FormLinkClaims, "scope" | "view" | "auth"> & {
  scope?: LinkScope;
  view?: LinkView;
  auth?: LinkAuth;
};

/** The query keys a link carries (and the browser sends back in the link header). */
export const LINK_PARAM_KEYS = ["run", "user", "exp", "scope", "view", "auth", "sig"] as const;

export type LinkParams = Partial<Record<(typeof LINK_PARAM_KEYS)[number], string | null>>;

/** The link's query, sent with every form request and verified each time (decision 002). */
export const FORM_LINK_HEADER = "x-form-link";

/** Why a link is refused, with the code the API answers: worded once, as `form.link.<reason>`. */
export const LINK_REFUSALS = {
  missing: "link_missing",
  invalid: "link_invalid",
  expired: "link_expired",
  ttl: "link_ttl_exceeded",
} as const;

export type LinkRefusal = keyof typeof LINK_REFUSALS;

/** The refusal an error code names, if it is a link's. */
export function linkRefusalOf(code: string): LinkRefusal | undefined {
  return (Object.keys(LINK_REFUSALS) as LinkRefusal[]).find((key) => LINK_REFUSALS[key] === code);
}
