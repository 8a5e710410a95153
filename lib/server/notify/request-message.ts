// A message is a plain function of the request: the same words by mail and by webhook.

export type MessageKind = "arrival" | "reminder";

export type MessageInput = {
  kind: MessageKind;
  /** The request's title as the workflow named it. */
  title: string;
  recipient: string;
  /** Unix seconds; 0 when the request does not expire. */
  expiresAt: number;
  /** A signed link that opens the request (or the recipient's inbox). */
  link: string;
  nowSeconds?: number;
};

export type RequestMessage = { subject: string; text: string; html: string };

const MAX_TITLE = 200;

function timeLeft(seconds: number): string {
  if (seconds >= 86_400 * 2) return `${Math.round(seconds / 86_400)} days`;
  if (seconds >= 7_200) return `${Math.round(seconds / 3_600)} hours`;
  if (seconds >= 120) return `${Math.round(seconds / 60)} minutes`;
  return "less than two minutes";
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

export function requestMessage(input: MessageInput): RequestMessage {
  const now = input.nowSeconds ?? Math.floor(Date.now() / 1000);
  // One line, bounded: a title is the workflow's text and must not break a header or a chat line.
  const title = input.title.replace(/\s+/g, " ").trim().slice(0, MAX_TITLE) || "A request";
  const closes = input.expiresAt
    ? `It closes in ${timeLeft(Math.max(0, input.expiresAt - now))} (${new Date(input.expiresAt * 1000).toISOString().replace(/\.\d+Z$/, "Z")}).`
    : "";
  const lead =
    input.kind === "arrival" ? `A request waits for your answer: ${title}` : `Reminder: ${title}`;
  const subject =
    input.kind === "arrival" ? `Waiting for you: ${title}` : `Reminder, still waiting: ${title}`;
  const text = [lead, closes, `Open it: ${input.link}`].filter(Boolean).join("\n\n");
  const html = [
    `<p>${escapeHtml(lead)}</p>`,
    closes ? `<p>${escapeHtml(closes)}</p>` : "",
    `<p><a href="${escapeHtml(input.link)}">Open the request</a></p>`,
  ].join("");
  return { subject, text, html };
}
