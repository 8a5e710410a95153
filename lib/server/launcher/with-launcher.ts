import "server-only";
import type { RouteContract } from "@/lib/routes/route-contract";
import { requireLauncherEnabled, requireSameOrigin } from "@/lib/server/request-guards";
import { endpoint, type RouteHandler } from "@/lib/server/route-handler";

/** A launcher route: there only while the launcher is on; `sameOrigin` for writes. */
export function withLauncher<C extends RouteContract>(
  contract: C,
  handler: RouteHandler<C>,
  options: { sameOrigin?: boolean } = {},
) {
  return endpoint(contract, handler, {
    before: (request) => {
      requireLauncherEnabled();
      if (options.sameOrigin) requireSameOrigin(request);
    },
  });
}
