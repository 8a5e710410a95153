import "server-only";
import type { FormLinkInput } from "@/lib/form/form-link";
import { getEnv } from "@/lib/server/env";
import { formLinkPath } from "@/lib/server/form/signed-form-link";

/** A form link's path as this server verifies it: signed, or unsigned on a trusted network. */
export function mintFormLink(claims: FormLinkInput): string {
  const secret = getEnv().FORM_LINK_SECRET;
  if (secret) return formLinkPath(claims, secret);
  const query = new URLSearchParams({ user: claims.user });
  if (claims.run) query.set("run", claims.run);
  if (claims.scope === "run") query.set("scope", "run");
  if (claims.view === "progress") query.set("view", "progress");
  if (claims.auth === "signin") query.set("auth", "signin");
  return `/form/${encodeURIComponent(claims.token)}?${query.toString()}`;
}
