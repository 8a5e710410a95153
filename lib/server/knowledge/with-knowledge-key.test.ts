import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/errors/api-error";
import { withKnowledgeKey } from "@/lib/server/knowledge/with-knowledge-key";

describe("withKnowledgeKey", () => {
  it("turns the upstream's 401 into upstream_key_refused, not our portal 401", async () => {
    const refused = withKnowledgeKey(
      Promise.reject(new ApiError(401, "unauthorized", "Access token is invalid")),
    );
    await expect(refused).rejects.toMatchObject({ code: "upstream_key_refused", status: 502 });
  });

  it("passes other failures and answers through", async () => {
    const gone = new ApiError(404, "not_found", "Dataset not found.");
    await expect(withKnowledgeKey(Promise.reject(gone))).rejects.toBe(gone);
    await expect(withKnowledgeKey(Promise.resolve(7))).resolves.toBe(7);
  });
});
