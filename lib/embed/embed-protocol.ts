// The messages an embedded form exchanges with its parent page.

export const EMBED_SOURCE = "dify-human-input";

export type EmbedEvent =
  | { type: "ready" }
  | { type: "resize"; height: number }
  | { type: "submitted"; actionId: string; actionTitle: string }
  | { type: "run-progress"; nodeTitle: string; status: string }
  | { type: "run-finished"; status: string; outputs: Record<string, unknown> }
  | { type: "paused-again"; nextFormToken: string | null }
  | { type: "expired" }
  | { type: "error"; code: string; message: string };

export type EmbedMessage = EmbedEvent & { source: typeof EMBED_SOURCE; formToken: string };

export function parseTheme(value: string | null | undefined): "light" | "dark" | null {
  return value === "light" || value === "dark" ? value : null;
}
