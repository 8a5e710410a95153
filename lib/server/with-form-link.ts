import "server-only";
import type { FormLinkClaims } from "@/lib/form/form-link";
import { formRouteParamsSchema } from "@/lib/dify/route-params";
import { requireFormIdentity } from "@/lib/server/form/form-identity";
import { handleNodeRoute, type NodeAnswer, type NodeRequest } from "@/lib/server/node-route";
import { requireSameOrigin } from "@/lib/server/request-guards";

/** What a form route's handler gets once the link is verified: the route's token, its claims. */
export type VerifiedFormLink = { token: string; claims: FormLinkClaims };

/** The path's own part of a form route: `/api/forms/{token}…`, the token decoded. */
export type FormRouteParams = { token: string };

/**
 * A route under /api/forms/{token}: the token is checked as an id, the link's credentials (the
 * `x-form-link` header) are verified for it, and only then does the handler run, with the
 * claims. A missing, tampered or expired link answers 403 link_missing / link_invalid /
 * link_expired. `sameOrigin` (every write) refuses another site's request before anything else.
 */
export function withFormLink(
  route: string,
  handler: (request: NodeRequest, link: VerifiedFormLink) => Promise<NodeAnswer>,
  options: { sameOrigin?: boolean } = {},
) {
  return handleNodeRoute<FormRouteParams>(route, async (request, params) => {
    if (options.sameOrigin) requireSameOrigin(request);
    const { token } = formRouteParamsSchema.parse(params);
    const claims = requireFormIdentity(request, token);
    return handler(request, { token, claims });
  });
}
