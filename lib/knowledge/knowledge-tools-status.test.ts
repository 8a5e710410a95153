import { describe, expect, it } from "vitest";
import { knowledgeToolsStatus } from "@/lib/knowledge/knowledge-tools-status";

describe("knowledgeToolsStatus", () => {
  it("is off without a portal token, naming only the variable", () => {
    expect(
      knowledgeToolsStatus({ portalApiToken: undefined, datasetApiKey: "k", upstream: "embedded" }),
    ).toEqual({ enabled: false, missing: ["PORTAL_API_TOKEN"] });
  });

  it("is off against a real server without a knowledge key", () => {
    expect(
      knowledgeToolsStatus({
        portalApiToken: "secret",
        datasetApiKey: undefined,
        upstream: "dify",
      }),
    ).toEqual({ enabled: false, missing: ["DIFY_DATASET_API_KEY"] });
  });

  it("is on with both, and says whether metadata updates are all-or-nothing", () => {
    expect(
      knowledgeToolsStatus({ portalApiToken: "t", datasetApiKey: "k", upstream: "embedded" }),
    ).toEqual({ enabled: true, atomicUpdates: true });
    expect(
      knowledgeToolsStatus({ portalApiToken: "t", datasetApiKey: "k", upstream: "dify" }),
    ).toEqual({ enabled: true, atomicUpdates: false });
  });
});
