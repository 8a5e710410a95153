import { describe, expect, it } from "vitest";
import { ERROR_STATUS, isErrorCode, type ErrorCode } from "@/lib/errors/error-code";

describe("ERROR_STATUS", () => {
  it("gives every code an HTTP status (0 only for a response that never came)", () => {
    for (const [code, status] of Object.entries(ERROR_STATUS)) {
      expect(code).toMatch(/^[a-z_]+$/);
      if (code === "network_error") expect(status).toBe(0);
      else expect(status, code).toSatisfy((s: number) => s >= 400 && s <= 599);
    }
  });

  it("keeps the statuses callers rely on", () => {
    expect(ERROR_STATUS.invalid_request).toBe(400);
    expect(ERROR_STATUS.link_invalid).toBe(403);
    expect(ERROR_STATUS.human_input_form_submitted).toBe(412);
    expect(ERROR_STATUS.payload_too_large).toBe(413);
    expect(ERROR_STATUS.too_many_streams).toBe(429);
    expect(ERROR_STATUS.upstream_timeout).toBe(504);
  });

  it("is closed: only its own codes are codes", () => {
    expect(isErrorCode("link_expired")).toBe(true);
    expect(isErrorCode("link_expird")).toBe(false);
    expect(isErrorCode("toString")).toBe(false);
    expect(isErrorCode(404)).toBe(false);
    // A typo is a compile error (tsc checks this file).
    // @ts-expect-error not a code
    const typo: ErrorCode = "link_expird";
    expect(typo).toBe("link_expird");
  });
});
