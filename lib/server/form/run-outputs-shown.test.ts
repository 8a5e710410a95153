import { beforeEach, describe, expect, it, vi } from "vitest";
import { runOutputsShown } from "@/lib/server/form/run-outputs-shown";

const env = { runStreamOutputs: "shown" as "shown" | "hidden" };
vi.mock("@/lib/server/env", () => ({ getEnv: () => env }));

describe("runOutputsShown", () => {
  beforeEach(() => (env.runStreamOutputs = "shown"));

  it("follows the server's setting, which a progress-only link narrows and no link widens", () => {
    expect(runOutputsShown({ view: "full" })).toBe(true);
    expect(runOutputsShown({ view: "progress" })).toBe(false);
    env.runStreamOutputs = "hidden";
    expect(runOutputsShown({ view: "full" })).toBe(false);
    expect(runOutputsShown({ view: "progress" })).toBe(false);
  });
});
