import type { ErrorCode } from "@/lib/errors/error-code";
import english from "@/lib/i18n/messages/en/launcher.json";

// The launcher's full-page screens for errors that no retry or edit can fix from the page. The
// page words a screen in its own language (`launcher.problems.<key>`); the `title` and `text` the
// lookup adds are the English wording, for tests and logs.

type Screen = { key: keyof typeof english.problems; tone: "error" | "warning" };

const SCREENS: Partial<Record<ErrorCode, Screen>> = {
  app_unavailable: { key: "appUnavailable", tone: "warning" },
  agent_not_published: { key: "agentNotPublished", tone: "warning" },
  upstream_key_refused: { key: "keyRefused", tone: "error" },
  not_workflow_app: { key: "wrongMode", tone: "error" },
  not_chat_app: { key: "wrongMode", tone: "error" },
  not_found: { key: "launcherOff", tone: "warning" },
};

/** The screen for an error `code` from the launcher's routes, or null when the page handles it. */
export function launcherProblem(code: ErrorCode) {
  const screen = Object.hasOwn(SCREENS, code) ? SCREENS[code] : undefined;
  return screen ? { ...screen, ...english.problems[screen.key] } : null;
}
