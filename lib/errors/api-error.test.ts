import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import * as mini from "zod/mini";
import {
  ApiError,
  errorResponse,
  MAX_ERROR_ISSUES,
  parseInput,
  parseUpstream,
} from "@/lib/errors/api-error";

afterEach(() => vi.restoreAllMocks());

const bodySchema = z.object({
  inputs: z.object({ tone: z.enum(["calm", "warm"]) }),
  rows: z.array(z.object({ name: z.string().min(1, "name is empty") })),
});

describe("the error envelope", () => {
  it("answers an ApiError thrown by another copy of this module with its own status", async () => {
    vi.resetModules();
    const copy = await import("@/lib/errors/api-error");
    expect(copy.ApiError).not.toBe(ApiError);
    const response = errorResponse(new copy.ApiError(502, "upstream_bad_response", "Bad answer."));
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ code: "upstream_bad_response" });
  });

  it("answers a refused input with 400 invalid_request and its issues as dotted paths", async () => {
    const refused = () =>
      parseInput(bodySchema, { inputs: { tone: "loud" }, rows: [{ name: "a" }, { name: "" }] });
    const response = errorResponse(catchError(refused));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      status: 400,
      code: "invalid_request",
      message: expect.stringContaining("rows.1.name: name is empty") as string,
      issues: [
        { path: "inputs.tone", message: expect.any(String) as string },
        { path: "rows.1.name", message: "name is empty" },
      ],
    });
  });

  it("answers an input refused by zod/mini (the schemas the browser shares) with 400 too", async () => {
    const schema = mini.object({ name: mini.string().check(mini.minLength(1, "name is empty")) });
    const response = errorResponse(catchError(() => parseInput(schema, { name: "" })));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      status: 400,
      code: "invalid_request",
      message: "name: name is empty",
      issues: [{ path: "name", message: "name is empty" }],
    });
  });

  it("names the root of the body with an empty path", () => {
    const result = z.object({}, { error: "the body must be a JSON object" }).safeParse(null);
    expect(ApiError.fromZod(result.error!).issues).toEqual([
      { path: "", message: "the body must be a JSON object" },
    ]);
  });

  it("sends at most MAX_ERROR_ISSUES issues", () => {
    const result = z.array(z.string()).safeParse(Array.from({ length: 50 }, () => 1));
    expect(ApiError.fromZod(result.error!).issues).toHaveLength(MAX_ERROR_ISSUES);
  });

  it("leaves `issues` out when there are none, and keeps an ApiError's own status", async () => {
    const response = errorResponse(new ApiError(409, "invalid_param", "Busy.").retryAfter(2));
    expect(response.status).toBe(409);
    expect(response.headers.get("retry-after")).toBe("2");
    expect(await response.json()).toEqual({ status: 409, code: "invalid_param", message: "Busy." });
  });

  it("gives an app code its table status", () => {
    expect(ApiError.of("link_scope", "x").status).toBe(403);
  });

  it("hides anything else behind a generic 500", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const response = errorResponse(new Error("secret"));
    expect(await response.json()).toEqual({
      status: 500,
      code: "internal_error",
      message: "Something went wrong on our side. Please try again.",
    });
  });

  it("logs an internal_error thrown on purpose, as it answers it", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const response = errorResponse(ApiError.of("internal_error", "The metrics are broken."));
    expect(response.status).toBe(500);
    expect(String(log.mock.calls[0]?.[0])).toContain("The metrics are broken.");
  });

  it("answers upstream data the app cannot read with 502, the refused paths in the log only", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const response = errorResponse(catchError(() => parseUpstream(bodySchema, {}, "form")));
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({
      status: 502,
      code: "upstream_bad_response",
      message: "The workflow service sent data this app cannot read.",
    });
    expect(String(warn.mock.calls[0]?.[0])).toContain("inputs");
  });

  it("answers a zod error no parse owned (a broken invariant) with 500, its detail logged", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const response = errorResponse(bodySchema.safeParse({}).error);
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ code: "internal_error" });
    expect(String(log.mock.calls[0]?.[0])).toContain("rows");
  });
});

function catchError(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}
