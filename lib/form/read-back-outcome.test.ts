import { describe, expect, it } from "vitest";
import { ApiClientError } from "@/lib/client/api-client-error";
import { readBackOutcome } from "@/lib/form/read-back-outcome";

describe("readBackOutcome", () => {
  it("takes a form answered since the failed submit as this answer recorded", () => {
    const error = new ApiClientError(412, "human_input_form_submitted", "submitted");
    expect(readBackOutcome(error)).toEqual({ kind: "recorded" });
  });

  it("takes a form that still reads as open as not answered", () => {
    expect(readBackOutcome(null)).toEqual({ kind: "open" });
  });

  it.each([
    new ApiClientError(412, "human_input_form_expired", "expired"),
    new ApiClientError(404, "not_found", "gone"),
    new ApiClientError(501, "form_answered_elsewhere", "elsewhere"),
  ])("closes the form when the read finds it %s", (error) => {
    expect(readBackOutcome(error)).toEqual({ kind: "closed", error });
  });

  it.each([
    new ApiClientError(0, "network_error", "down"),
    new ApiClientError(504, "upstream_timeout", "slow"),
    new Error("not ours"),
  ])("knows nothing when the read fails too (%s)", (error) => {
    expect(readBackOutcome(error)).toEqual({ kind: "unknown" });
  });
});
