import { describe, expect, it } from "vitest";
import { knowledgeToolsStatus } from "@/lib/knowledge/knowledge-tools-status";

const origins = ["https://dify.example.com"];

describe("knowledgeToolsStatus", () => {
  it("is off against a server without a knowledge key, naming only the variable", () => {
    expect(
      knowledgeToolsStatus({
        datasetApiKey: undefined,
        upstream: "dify",
        markdownImageOrigins: origins,
      }),
    ).toEqual({ enabled: false, missing: ["DIFY_DATASET_API_KEY"] });
  });

  it("is on with the key, and says whether metadata updates are all-or-nothing", () => {
    expect(
      knowledgeToolsStatus({ datasetApiKey: "k", upstream: "embedded", markdownImageOrigins: [] }),
    ).toEqual({ enabled: true, atomicUpdates: true, imageOrigins: [] });
    expect(
      knowledgeToolsStatus({ datasetApiKey: "k", upstream: "dify", markdownImageOrigins: origins }),
    ).toEqual({ enabled: true, atomicUpdates: false, imageOrigins: origins });
  });
});
