import { describe, expect, it } from "vitest";
import { ApiClientError } from "@/lib/client/api-client-error";
import { readErrorResponse } from "@/lib/client/api-fetch";

const fields = (error: ApiClientError) => ({
  status: error.status,
  code: error.code,
  message: error.message,
  issues: error.issues,
});

describe("readErrorResponse", () => {
  it("reads our JSON envelope, issues included", () => {
    const body = JSON.stringify({
      status: 400,
      code: "invalid_request",
      message: "segment_id: The segment id is too long",
      issues: [{ path: "segment_id", message: "The segment id is too long" }],
    });
    const error = readErrorResponse(400, body);
    expect(error).toBeInstanceOf(ApiClientError);
    expect(fields(error)).toEqual({
      status: 400,
      code: "invalid_request",
      message: "segment_id: The segment id is too long",
      issues: [{ path: "segment_id", message: "The segment id is too long" }],
    });
  });

  it("reads an envelope without issues (the upstream's, passed through)", () => {
    const body = JSON.stringify({
      status: 412,
      code: "human_input_form_submitted",
      message: "Done.",
    });
    expect(fields(readErrorResponse(412, body))).toEqual({
      status: 412,
      code: "human_input_form_submitted",
      message: "Done.",
      issues: [],
    });
  });

  it("turns a body that is not JSON (a proxy's page) into unexpected_response", () => {
    expect(fields(readErrorResponse(502, "<html>Bad Gateway</html>"))).toEqual({
      status: 502,
      code: "unexpected_response",
      message: "The server answered with status 502.",
      issues: [],
    });
  });

  it("turns an empty body into unexpected_response", () => {
    expect(fields(readErrorResponse(500, ""))).toMatchObject({
      status: 500,
      code: "unexpected_response",
    });
  });

  it("turns a code this app does not know into unexpected_response, keeping the message", () => {
    const body = JSON.stringify({ status: 400, code: "brand_new_code", message: "Nope." });
    expect(fields(readErrorResponse(400, body))).toEqual({
      status: 400,
      code: "unexpected_response",
      message: "Nope.",
      issues: [],
    });
  });

  it("does not take JSON of another shape for an envelope", () => {
    const body = JSON.stringify({ error: "not_found" });
    expect(readErrorResponse(404, body).code).toBe("unexpected_response");
  });
});
