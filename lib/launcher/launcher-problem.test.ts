import { describe, expect, it } from "vitest";
import { launcherProblem } from "@/lib/launcher/launcher-problem";

describe("launcherProblem", () => {
  it("gives app_unavailable and agent_not_published their own screens", () => {
    expect(launcherProblem("app_unavailable")?.title).toBe("This app is unavailable");
    expect(launcherProblem("agent_not_published")?.title).toBe("This agent is not published yet");
  });

  it("names the variable to check for a refused key or a wrong mode, never a key", () => {
    expect(launcherProblem("upstream_key_refused")?.text).toContain("DIFY_APP_API_KEY");
    expect(launcherProblem("not_workflow_app")?.text).toContain("DIFY_APP_MODE");
    expect(launcherProblem("not_chat_app")?.text).toContain("DIFY_APP_MODE");
  });

  it("leaves everything else to the form", () => {
    expect(launcherProblem("invalid_param")).toBeNull();
    expect(launcherProblem("message_required")).toBeNull();
    expect(launcherProblem("network_error")).toBeNull();
  });
});
