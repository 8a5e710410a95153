import { describe, expect, it } from "vitest";
import type { ErrorCode } from "@/lib/errors/error-code";
import { ApiClientError } from "@/lib/client/api-client-error";
import { classifySubmitError } from "@/lib/form/classify-submit-error";

const fields = ["draft", "tone", "cover"];
const apiError = (status: number, code: ErrorCode, message = "m") =>
  new ApiClientError(status, code, message);

describe("classifySubmitError", () => {
  it("shows an answered form as answered", () => {
    const error = apiError(412, "human_input_form_submitted");
    expect(classifySubmitError(error, fields)).toEqual({ kind: "answered", error });
  });

  it("shows a form that expired before the answer as expired", () => {
    const error = apiError(412, "human_input_form_expired");
    expect(classifySubmitError(error, fields)).toEqual({ kind: "expired", error });
  });

  it.each<[number, ErrorCode]>([
    [404, "not_found"],
    [412, "upstream_rejected"],
    [409, "form_closed"],
    [410, "form_closed"],
    [501, "form_answered_elsewhere"],
  ])("closes the form on a %i %s", (status, code) => {
    const error = apiError(status, code);
    expect(classifySubmitError(error, fields)).toEqual({ kind: "closed", error });
  });

  it("treats a lost response as a network failure, whatever its status", () => {
    expect(classifySubmitError(apiError(0, "network_error"), fields)).toEqual({ kind: "network" });
  });

  it.each<[number, ErrorCode]>([
    [500, "internal_error"],
    [502, "upstream_unreachable"],
    [504, "upstream_timeout"],
  ])("reads the form again after a %i %s: it may have been recorded", (status, code) => {
    expect(classifySubmitError(apiError(status, code, "down"), fields)).toEqual({
      kind: "service",
      message: "down",
    });
  });

  it("puts a refused answer next to the fields its message names", () => {
    const message = "Missing required inputs: tone, cover, elsewhere";
    expect(classifySubmitError(apiError(400, "invalid_form_data", message), fields)).toEqual({
      kind: "rejected",
      fields: ["tone", "cover"],
      message,
    });
  });

  it("puts the app's own refusal next to every field its issues name, whatever its message says", () => {
    const error = new ApiClientError(400, "invalid_request", "The link's host is not allowed.", [
      { path: "inputs.cover.0.url", message: "The link's host is not allowed." },
      { path: "inputs.cover.1.url", message: "The link's host is not allowed." },
      { path: "inputs.tone", message: "The form has no input 'tone'." },
      { path: "action", message: "Choose an action." },
    ]);
    expect(classifySubmitError(error, fields)).toMatchObject({
      kind: "rejected",
      fields: ["cover", "tone"],
    });
  });

  it("refuses an answer without fields when its message names none", () => {
    expect(classifySubmitError(apiError(403, "link_expired", "expired link"), fields)).toEqual({
      kind: "rejected",
      fields: [],
      message: "expired link",
    });
  });

  it.each([new Error("boom"), new TypeError("x"), "text", null])(
    "knows nothing more of %s",
    (error) => expect(classifySubmitError(error, fields)).toEqual({ kind: "unknown" }),
  );
});
