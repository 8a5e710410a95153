import { describe, expect, it } from "vitest";
import { knowledgeToolsStatus } from "@/lib/knowledge/knowledge-tools-status";

const origins = ["https://dify.example.com"];

describe("knowledgeToolsStatus", () => {
  it("is off against a server without a knowledge key, naming only the variable", () => {
    expect(
      knowledgeToolsStatus({
        DIFY_DATASET_API_KEY: undefined,
        KNOWLEDGE_ATOMIC_UPDATES: false,
        MARKDOWN_IMAGE_ORIGINS: origins,
      }),
    ).toEqual({ enabled: false, missing: ["DIFY_DATASET_API_KEY"] });
  });

  it("is on with the key, and says whether metadata updates are all-or-nothing", () => {
    const on = { DIFY_DATASET_API_KEY: "k", MARKDOWN_IMAGE_ORIGINS: origins };
    expect(knowledgeToolsStatus({ ...on, KNOWLEDGE_ATOMIC_UPDATES: true })).toEqual({
      enabled: true,
      atomicUpdates: true,
      imageOrigins: origins,
    });
    expect(knowledgeToolsStatus({ ...on, KNOWLEDGE_ATOMIC_UPDATES: false })).toMatchObject({
      atomicUpdates: false,
    });
  });
});
