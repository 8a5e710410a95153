import { describe, expect, it } from "vitest";
import { ApiClientError } from "@/lib/client/api-client-error";
import { listProblemOf } from "@/lib/knowledge/list-problem";

describe("listProblemOf", () => {
  it.each([
    [new ApiClientError(401, "unauthorized", "A valid portal token is required"), "token"],
    [new ApiClientError(502, "upstream_key_refused", "refused"), "keyRefused"],
    [new ApiClientError(403, "forbidden", "Dataset api access is not enabled."), "keyRefused"],
    [new ApiClientError(404, "not_found", "Dataset not found."), "gone"],
    [new ApiClientError(403, "dataset_not_allowed", "not reached"), "gone"],
    [new ApiClientError(502, "upstream_unreachable", "down"), "failed"],
    [new Error("boom"), "failed"],
  ] as const)("%s → %s", (error, problem) => {
    expect(listProblemOf(error)).toBe(problem);
  });
});
