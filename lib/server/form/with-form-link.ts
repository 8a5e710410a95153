import "server-only";
import type { FormLinkClaims } from "@/lib/form/form-link";
import type { formRouteParamsSchema } from "@/lib/ids/path-ids";
import type { RouteContract } from "@/lib/routes/route-contract";
import { requireFormIdentity } from "@/lib/server/form/form-identity";
import { requireSameOrigin } from "@/lib/server/request-guards";
import { endpoint, type RouteHandler } from "@/lib/server/route-handler";

type FormContract = RouteContract & { params: typeof formRouteParamsSchema };

/** A form route, its link verified for its token first; `sameOrigin` for writes. */
export function withFormLink<C extends FormContract>(
  contract: C,
  handler: RouteHandler<C, { claims: FormLinkClaims }>,
  options: { sameOrigin?: boolean } = {},
) {
  return endpoint(contract, handler, {
    before: options.sameOrigin ? requireSameOrigin : undefined,
    guard: async (request, { token }) => ({ claims: await requireFormIdentity(request, token) }),
  });
}
