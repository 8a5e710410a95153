import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/errors/api-error";
import { nameRefusedFields, upstreamWords } from "@/lib/server/dify/upstream-words";

describe("upstreamWords", () => {
  it("words a refusal by its code, never as the upstream wrote it", () => {
    expect(upstreamWords("human_input_form_expired", 412, "expired; see http://10.0.0.7/x")).toBe(
      "This form has expired.",
    );
    expect(upstreamWords("upstream_rejected", 418, "teapot at http://10.0.0.7")).not.toContain(
      "10.0.0.7",
    );
  });

  it("says which record a not-found names, in its own words", () => {
    expect(upstreamWords("not_found", 404, "Document not found: /var/lib/dify/doc-1")).toBe(
      "Document not found.",
    );
    expect(upstreamWords("invalid_param", 400, "Metadata not found.")).toBe("Metadata not found.");
  });
});

describe("nameRefusedFields", () => {
  it("names the fields the upstream's text names as issues, in the app's words", () => {
    const refused = ApiError.of("invalid_param", "The workflow service refused a value.");
    refused.upstreamText = "Missing required inputs: tone, secret_field_x";
    const named = nameRefusedFields(refused, ["tone", "topic"]) as ApiError;
    expect(named.issues).toEqual([
      { path: "inputs.tone", message: "The workflow service refused the answer to 'tone'." },
    ]);
    expect(JSON.stringify(named.toJSON())).not.toContain("Missing required");
  });

  it("says in its own words that a link's file could not be fetched", () => {
    const refused = ApiError.of("invalid_param", "The workflow service refused a value.");
    refused.upstreamText = "input 'cover': failed to fetch remote file http://10.0.0.9/x.png";
    const named = nameRefusedFields(refused, ["cover"]) as ApiError;
    expect(named.issues).toEqual([
      {
        path: "inputs.cover",
        message: "The workflow service could not fetch the file of this link.",
      },
    ]);
    expect(named.message).toBe("The workflow service could not fetch the file of this link.");
    expect(JSON.stringify(named.toJSON())).not.toContain("10.0.0.9");
  });
});
