import "server-only";
import { cookies, headers } from "next/headers";
import { ApiError } from "@/lib/errors/api-error";
import { getEnv } from "@/lib/server/env";
import { verifyInboxLink } from "@/lib/server/auth/inbox-link";
import type { Session } from "@/lib/server/auth/session";
import { readSession, sessionCookieName } from "@/lib/server/auth/session-cookie";
import { exceedsMaxLinkTtl } from "@/lib/server/form/signed-form-link";
import { countWrongToken } from "@/lib/server/request-guards";
import { INBOX_LINK_HEADER } from "@/lib/inbox/inbox-api-contract";

// Who is looking, for pages and routes alike: an inbox link (in the address, where it was not
// traded for the cookie: a framed inbox), else the session cookie (an inbox link's or a sign-in's).

export type Viewer =
  | { state: "none" }
  | { state: "refused"; reason: "invalid" | "expired" | "throttled"; what: "link" | "session" }
  | { state: "known"; session: Session };

type InboxLinkResolution =
  { ok: true; session: Session } | { ok: false; reason: "invalid" | "expired" };

/** An inbox link's query as a session until the link expires; held to MAX_LINK_TTL too. */
export function resolveInboxLink(query: URLSearchParams): InboxLinkResolution {
  const env = getEnv();
  const verified = verifyInboxLink(query, env.FORM_LINK_SECRET);
  if (!verified.ok) return verified;
  if (exceedsMaxLinkTtl(verified.claims.exp, env.limits.MAX_LINK_TTL)) {
    return { ok: false, reason: "invalid" };
  }
  return { ok: true, session: { via: "link", ...verified.claims } };
}

async function refused(
  request: Pick<Request, "headers">,
  reason: "invalid" | "expired",
  what: "link" | "session",
): Promise<Viewer> {
  try {
    await countWrongToken(request);
  } catch (error) {
    if (error instanceof ApiError && error.code === "too_many_requests") {
      return { state: "refused", reason: "throttled", what };
    }
    throw error;
  }
  return { state: "refused", reason, what };
}

/** The viewer of this request; a wrong link or session counts toward the wrong-token limit. */
export async function viewerOf(
  request: { headers: Headers; url?: string },
  sources: { link?: URLSearchParams | null; cookie?: string },
): Promise<Viewer> {
  if (sources.link?.has("sig")) {
    const link = resolveInboxLink(sources.link);
    return link.ok
      ? { state: "known", session: link.session }
      : refused(request, link.reason, "link");
  }
  const opened = readSession(sources.cookie);
  if (!opened) return { state: "none" };
  return opened.ok
    ? { state: "known", session: opened.session }
    : refused(request, opened.reason, "session");
}

/** The viewer of the page being rendered, from its address's inbox link or its cookie. */
export async function currentViewer(link?: URLSearchParams): Promise<Viewer> {
  const request = { headers: await headers() };
  const cookie = (await cookies()).get(sessionCookieName(request))?.value;
  return viewerOf(request, { link, cookie });
}

/** For routes: the viewer's session from the inbox link header or the cookie, or why there is none. */
export async function requireViewer(request: Request): Promise<Session> {
  const header = request.headers.get(INBOX_LINK_HEADER);
  const cookie = (await cookies()).get(sessionCookieName(request))?.value;
  const viewer = await viewerOf(request, {
    link: header ? new URLSearchParams(header) : null,
    cookie,
  });
  if (viewer.state === "known") return viewer.session;
  if (viewer.state === "none") {
    throw ApiError.of("unauthorized", "Open the inbox link you were sent, or sign in.");
  }
  if (viewer.reason === "throttled") {
    throw ApiError.of("too_many_requests", "Too many wrong links came from this address.");
  }
  if (viewer.reason === "expired") {
    throw ApiError.of("link_expired", "This inbox link or session has expired.");
  }
  throw ApiError.of("link_invalid", "This inbox link or session is not valid.");
}

export type SignedInIdentity = { issuer: string; subject: string; email: string | null };

/** The signed-in person behind a request, for the decision it sends; not counted when wrong. */
export async function signedInIdentity(request: {
  headers: Headers;
}): Promise<SignedInIdentity | null> {
  const opened = readSession((await cookies()).get(sessionCookieName(request))?.value);
  if (!opened?.ok || opened.session.via !== "oidc") return null;
  const { issuer, subject, email } = opened.session;
  return { issuer, subject, email: email ?? null };
}
