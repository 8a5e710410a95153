import "server-only";
import { getEnv } from "@/lib/server/env";
import type { LaunchMode } from "@/lib/launcher/start-form-view";
import { processState } from "@/lib/server/ops/process-state";

// How the launcher starts the app: as configured (DIFY_APP_MODE), or, left to `auto`, as a
// workflow until the app answers `not_workflow_app`; from then on as a chat app. The key is fixed
// for the life of the process, so one answer holds until it restarts.
const memory = () => processState("launch-mode", () => ({ isChatApp: false }));

export function launchMode(): LaunchMode {
  const configured = getEnv().DIFY_APP_MODE;
  if (configured !== "auto") return configured;
  return memory().isChatApp ? "chatflow" : "auto";
}

export function rememberChatApp(): void {
  memory().isChatApp = true;
}
