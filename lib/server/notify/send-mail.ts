import { createTransport } from "nodemailer";
import type { RequestMessage } from "@/lib/server/notify/request-message";

// NOTE: no `server-only`: the demo's tools send through it too. Self-contained: the caller passes
// the server and the sender.

/** Each step of one SMTP conversation is bounded, so a stuck server cannot hold a job forever. */
const TIMEOUT_MS = 10_000;

export async function sendMail(
  smtpUrl: string,
  from: string,
  to: string,
  message: RequestMessage,
): Promise<void> {
  const transport = createTransport({
    url: smtpUrl,
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
  });
  try {
    await transport.sendMail({ from, to, ...message });
  } finally {
    transport.close();
  }
}
