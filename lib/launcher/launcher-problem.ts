import type { ErrorCode } from "@/lib/errors/error-code";

// The launcher's full-page screens for errors that no retry or edit can fix from the page.

/** Which screen: the page shows it in its own language (`launcher.problems.<key>`). */
export type LauncherProblemKey =
  "appUnavailable" | "agentNotPublished" | "keyRefused" | "wrongMode" | "launcherOff";

/** `title` and `text` are the English wording, for tests and logs; the page translates by `key`. */
export type LauncherProblem = {
  key: LauncherProblemKey;
  title: string;
  text: string;
  tone: "error" | "warning";
};

/** The screen for an error `code` from the launcher's routes, or null when the page handles it. */
export function launcherProblem(code: ErrorCode): LauncherProblem | null {
  switch (code) {
    case "app_unavailable":
      return {
        key: "appUnavailable",
        title: "This app is unavailable",
        text: "The workflow service says this app is unavailable right now: it may be unpublished or its setup incomplete. Try again later, or tell whoever runs it.",
        tone: "warning",
      };
    case "agent_not_published":
      return {
        key: "agentNotPublished",
        title: "This agent is not published yet",
        text: "The app's agent has not been published in Dify. Once it is published, reload this page.",
        tone: "warning",
      };
    case "upstream_key_refused":
      return {
        key: "keyRefused",
        title: "The app is not set up correctly",
        text: "The workflow service refused the app key this server uses. Whoever runs this server should check DIFY_APP_API_KEY: it must be the API key of the app to start.",
        tone: "error",
      };
    case "not_workflow_app":
    case "not_chat_app":
      return {
        key: "wrongMode",
        title: "The app is not set up correctly",
        text: "The app is not the kind this server is set to start. Whoever runs this server should check DIFY_APP_MODE (or leave it unset so the kind is found out).",
        tone: "error",
      };
    case "not_found":
      return {
        key: "launcherOff",
        title: "The launcher is off",
        text: "Starting apps from this page is turned off on this server.",
        tone: "warning",
      };
    default:
      return null;
  }
}
