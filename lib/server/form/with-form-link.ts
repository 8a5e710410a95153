import "server-only";
import { parseInput } from "@/lib/errors/api-error";
import type { FormLinkClaims } from "@/lib/form/form-link";
import { formRouteParamsSchema } from "@/lib/ids/path-ids";
import { requireFormIdentity } from "@/lib/server/form/form-identity";
import { requireSameOrigin } from "@/lib/server/request-guards";
import { handleRoute } from "@/lib/server/route-handler";

/** What a form route's handler gets once the link is verified: the route's token, its claims. */
export type VerifiedFormLink = { token: string; claims: FormLinkClaims };

/**
 * A route under /api/forms/{token}: the token is checked as an id, the link's credentials (the
 * `x-form-link` header) are verified for it, and only then does the handler run, with the
 * claims. A missing, tampered or expired link answers 403 link_missing / link_invalid /
 * link_expired. `sameOrigin` (every write) refuses another site's request before anything else.
 */
export function withFormLink(
  route: string,
  handler: (request: Request, link: VerifiedFormLink) => Promise<Response>,
  options: { sameOrigin?: boolean } = {},
) {
  // Every route under /api/forms/[token] has the same params; Next checks each route file's
  // exports against its own RouteContext at build time.
  return handleRoute(route, async (request, context: RouteContext<"/api/forms/[token]">) => {
    if (options.sameOrigin) requireSameOrigin(request);
    const { token } = parseInput(formRouteParamsSchema, await context.params);
    const claims = requireFormIdentity(request, token);
    return handler(request, { token, claims });
  });
}
