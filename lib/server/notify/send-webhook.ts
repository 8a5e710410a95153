import type { RequestMessage } from "@/lib/server/notify/request-message";

// NOTE: no `server-only`: self-contained, the caller passes the URL.

const TIMEOUT_MS = 10_000;

export type WebhookPayload = {
  /** Slack-compatible: the message as one text. */
  text: string;
  kind: string;
  recipient: string;
  link: string;
};

/** POSTs the message as JSON; anything but a 2xx answer within the timeout is a failure. */
export async function sendWebhook(
  url: string,
  message: RequestMessage,
  details: { kind: string; recipient: string; link: string },
): Promise<void> {
  const payload: WebhookPayload = { text: message.text, ...details };
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(payload),
    redirect: "error",
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  await response.body?.cancel();
  if (!response.ok) throw new Error(`The webhook answered ${response.status}.`);
}
