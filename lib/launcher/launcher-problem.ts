import type { ErrorCode } from "@/lib/errors/error-code";
import english from "@/lib/i18n/messages/en/launcher.json";

// The launcher's full-page screens for errors that no retry or edit can fix from the page.

/** Which screen: the page shows it in its own language (`launcher.problems.<key>`). */
export type LauncherProblemKey = keyof typeof english.problems;

/** `title` and `text` are the English wording (from the messages), for tests and logs. */
export type LauncherProblem = {
  key: LauncherProblemKey;
  title: string;
  text: string;
  tone: "error" | "warning";
};

const SCREENS: Partial<Record<ErrorCode, { key: LauncherProblemKey; tone: "error" | "warning" }>> =
  {
    app_unavailable: { key: "appUnavailable", tone: "warning" },
    agent_not_published: { key: "agentNotPublished", tone: "warning" },
    upstream_key_refused: { key: "keyRefused", tone: "error" },
    not_workflow_app: { key: "wrongMode", tone: "error" },
    not_chat_app: { key: "wrongMode", tone: "error" },
    not_found: { key: "launcherOff", tone: "warning" },
  };

/** The screen for an error `code` from the launcher's routes, or null when the page handles it. */
export function launcherProblem(code: ErrorCode): LauncherProblem | null {
  const screen = Object.hasOwn(SCREENS, code) ? SCREENS[code] : undefined;
  return screen ? { ...screen, ...english.problems[screen.key] } : null;
}
