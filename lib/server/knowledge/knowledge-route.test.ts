import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/errors/api-error";
import { datasetRouteParamsSchema as params } from "@/lib/ids/path-ids";
import { withPortalToken } from "@/lib/server/knowledge/knowledge-route";
import { defineRoute } from "@/lib/server/route-handler";

vi.mock("@/lib/server/env", () => ({ getEnv: () => ({ KNOWLEDGE_DATASET_IDS: ["allowed"] }) }));
vi.mock("@/lib/server/request-guards", () => ({
  requireOwnHost: () => undefined,
  requirePortalToken: (request: Request) => {
    if (!request.headers.get("authorization")) throw ApiError.of("unauthorized", "No token.");
  },
}));

beforeEach(() => vi.spyOn(console, "info").mockImplementation(() => undefined));
afterEach(() => vi.restoreAllMocks());

const contract = { method: "GET", path: "/api/datasets/[dataset_id]/metadata", params } as const;
const seen = vi.fn(() => Response.json({}));
const route = defineRoute(withPortalToken(contract, seen));
const call = (datasetId: string, token = true) =>
  route.GET(new Request("http://x/", { headers: token ? { Authorization: "Bearer t" } : {} }), {
    params: Promise.resolve({ dataset_id: datasetId }),
  });

describe("withPortalToken", () => {
  it("asks for the token first, then refuses a dataset outside KNOWLEDGE_DATASET_IDS", async () => {
    expect((await call("elsewhere", false)).status).toBe(401);
    expect((await call("bad id", false)).status).toBe(401);
    const refused = await call("elsewhere");
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: "dataset_not_allowed" });
    expect(seen).not.toHaveBeenCalled();
    expect((await call("allowed")).status).toBe(200);
    expect(seen).toHaveBeenCalledTimes(1);
  });
});
