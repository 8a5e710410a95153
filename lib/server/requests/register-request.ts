import "server-only";
import type { z } from "zod/mini";
import type { REQUESTS_API, RequestView } from "@/lib/requests/requests-api-contract";
import { getDifyClient } from "@/lib/server/dify/get-dify-client";
import { getEnv } from "@/lib/server/env";
import { mintFormLink } from "@/lib/server/form/mint-form-link";
import { storeRequest, type StoredRequest } from "@/lib/server/requests/store-request";
import { withStore } from "@/lib/server/store/with-store";

type Registration = z.infer<typeof REQUESTS_API.register.body>;

/** A stored request as the portal routes show it. */
export function toRequestView(request: StoredRequest): RequestView {
  return {
    id: request.id,
    status: request.status,
    title: request.title,
    form_token: request.formToken,
    run_id: request.runId,
    recipients: request.recipients,
    require_sign_in: request.requireSignIn,
    expires_at: request.expiresAt?.toISOString() ?? null,
    run_outcome: request.runOutcome,
    created_at: request.createdAt.toISOString(),
    updated_at: request.updatedAt.toISOString(),
  };
}

/**
 * Registers a form for its recipients once the upstream knows it (an unknown token stores
 * nothing), and mints each recipient's link: run-scoped when the run is known, so it opens the
 * run's next forms too.
 */
export async function registerRequest(body: Registration, registeredBy: string) {
  const form = await getDifyClient().getHumanInputForm(body.form_token);
  const { limits } = getEnv();
  const now = Math.floor(Date.now() / 1000);
  const formExpiry = form.expiration_time ?? undefined;
  const exp = Math.min(
    now + Math.min(body.ttl ?? limits.MAX_LINK_TTL, limits.MAX_LINK_TTL),
    formExpiry ?? Infinity,
  );
  const { request, created } = await withStore("register", (db) =>
    storeRequest(db, {
      formToken: body.form_token,
      recipients: body.recipients,
      runId: body.run_id,
      title: body.title || null,
      expiresAt: formExpiry ? new Date(formExpiry * 1000) : null,
      requireSignIn: body.require_sign_in,
      registeredBy,
    }),
  );
  const links: Record<string, string> = {};
  for (const recipient of request.recipients) {
    links[recipient] = mintFormLink({
      token: request.formToken,
      run: request.runId ?? "",
      user: recipient,
      exp,
      scope: request.runId ? "run" : "form",
      // The need for sign-in lives in the link's signature: checking it needs no database.
      auth: request.requireSignIn || getEnv().REQUIRE_SIGN_IN ? "signin" : "link",
    });
  }
  return { request: { ...toRequestView(request), links }, created };
}
