import { beforeEach, describe, expect, it, vi } from "vitest";
import { runOutputsShown } from "@/lib/server/form/form-identity";

const env = { RUN_STREAM_OUTPUTS: "shown" as "shown" | "hidden" };
vi.mock("@/lib/server/env", () => ({ getEnv: () => env }));

describe("runOutputsShown", () => {
  beforeEach(() => (env.RUN_STREAM_OUTPUTS = "shown"));

  it("follows the server's setting, which a progress-only link narrows and no link widens", () => {
    expect(runOutputsShown({ view: "full" })).toBe(true);
    expect(runOutputsShown({ view: "progress" })).toBe(false);
    env.RUN_STREAM_OUTPUTS = "hidden";
    expect(runOutputsShown({ view: "full" })).toBe(false);
    expect(runOutputsShown({ view: "progress" })).toBe(false);
  });
});
