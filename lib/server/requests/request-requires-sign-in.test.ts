import { describe, expect, it } from "vitest";
import { requestRequiresSignIn } from "@/lib/server/requests/request-requires-sign-in";
import { storeRequest } from "@/lib/server/requests/store-request";
import { emptiedStoreEachTest, STORE_BACKENDS } from "@/lib/tools/postgres/test-stores";

describe.each(STORE_BACKENDS)("a stored request's sign-in on $name", (backend) => {
  const db = emptiedStoreEachTest(backend);
  const register = (formToken: string, requireSignIn: boolean) =>
    storeRequest(db(), {
      formToken,
      runId: null,
      title: null,
      recipients: ["alice@example.com"],
      expiresAt: null,
      registeredBy: "portal",
      requireSignIn,
    });

  it("is required for a request registered for signed-in recipients only, and no other", async () => {
    await register("named", true);
    await register("open", false);
    expect(await requestRequiresSignIn(db(), "named")).toBe(true);
    expect(await requestRequiresSignIn(db(), "open")).toBe(false);
    expect(await requestRequiresSignIn(db(), "unknown")).toBe(false);
  });
});
