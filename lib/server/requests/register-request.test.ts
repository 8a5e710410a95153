import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/errors/api-error";
import { getDifyClient } from "@/lib/server/dify/get-dify-client";
import { parseEnv } from "@/lib/server/env-schema";
import { verifyFormLink } from "@/lib/server/form/signed-form-link";
import { registerRequest } from "@/lib/server/requests/register-request";
import { findRequest } from "@/lib/server/requests/store-request";
import type { Store } from "@/lib/server/store/create-store";
import { openTestStore, STORE_BACKENDS, type TestStore } from "@/lib/tools/postgres/test-stores";

// Registration against a scripted upstream and the demo's database: the links it mints, and
// nothing stored for a form the upstream does not know.

const SECRET = "0123456789abcdef0123456789abcdef";
const MAX_LINK_TTL = 3_600;
const env = {
  FORM_LINK_SECRET: SECRET,
  limits: { ...parseEnv({ ...process.env, MAX_LINK_TTL: String(MAX_LINK_TTL) }).limits },
};
vi.mock("@/lib/server/env", () => ({ getEnv: () => env }));
vi.mock("@/lib/server/dify/get-dify-client", () => {
  const client = { getHumanInputForm: vi.fn() };
  return { getDifyClient: () => client };
});
const holder: { store?: Store } = {};
vi.mock("@/lib/server/store/get-store", () => ({ getStore: () => holder.store }));
const { getHumanInputForm } = vi.mocked(getDifyClient());

const form = (expiration_time: number | null = null) => ({
  form_content: "Approve?",
  inputs: [],
  resolved_default_values: {},
  user_actions: [{ id: "approve", title: "Approve", button_style: "primary" }],
  expiration_time,
});

const claimsOf = (link: string, token: string) => {
  const query = new URL(link, "http://app").searchParams;
  const verified = verifyFormLink(token, Object.fromEntries(query), {
    secret: SECRET,
    allowUnsigned: false,
  });
  if (!verified.ok) throw new Error(`link refused: ${verified.reason}`);
  return verified.claims;
};

describe("registerRequest", () => {
  let test: TestStore;
  beforeAll(async () => {
    test = await openTestStore(STORE_BACKENDS[0]!);
    holder.store = test.store;
  }, 60_000);
  afterAll(() => test.close());

  it("mints each recipient a run-scoped link that verifies, never past MAX_LINK_TTL", async () => {
    getHumanInputForm.mockResolvedValue(form());
    const now = Math.floor(Date.now() / 1000);
    const { request, created } = await registerRequest(
      { form_token: "form-1", recipients: ["a@x.io", "b@x.io"], run_id: "run-1", ttl: 10 ** 9 },
      "backend",
    );
    expect(created).toBe(true);
    expect(Object.keys(request.links)).toEqual(["a@x.io", "b@x.io"]);
    const claims = claimsOf(request.links["b@x.io"]!, "form-1");
    expect(claims).toMatchObject({ user: "b@x.io", run: "run-1", scope: "run" });
    expect(claims.exp).toBeLessThanOrEqual(now + MAX_LINK_TTL + 1);
  });

  it("names a person once whatever the case they are written in", async () => {
    getHumanInputForm.mockResolvedValue(form());
    const { request } = await registerRequest(
      { form_token: "form-cases", recipients: ["Alice@x.io", "b@x.io", "alice@X.io"] },
      "backend",
    );
    expect(Object.keys(request.links)).toEqual(["Alice@x.io", "b@x.io"]);
    expect((await findRequest(test.store.db, "form-cases"))?.recipients.sort()).toEqual([
      "Alice@x.io",
      "b@x.io",
    ]);
  });

  it("ends the links with the form, and scopes them to the form without a run", async () => {
    const expires = Math.floor(Date.now() / 1000) + 600;
    getHumanInputForm.mockResolvedValue(form(expires));
    const { request } = await registerRequest(
      { form_token: "form-2", recipients: ["a@x.io"] },
      "backend",
    );
    expect(request.expires_at).toBe(new Date(expires * 1000).toISOString());
    expect(claimsOf(request.links["a@x.io"]!, "form-2")).toMatchObject({
      exp: expires,
      scope: "form",
    });
  });

  it("stores nothing for a form the upstream does not know", async () => {
    getHumanInputForm.mockRejectedValue(new ApiError(404, "not_found", "Not found."));
    await expect(
      registerRequest({ form_token: "unknown", recipients: ["a@x.io"] }, "backend"),
    ).rejects.toMatchObject({ status: 404 });
    expect(await findRequest(test.store.db, "unknown")).toBeUndefined();
  });
});
