import "server-only";
import { and, eq } from "drizzle-orm";
import { getEnv } from "@/lib/server/env";
import { mintFormLink } from "@/lib/server/form/mint-form-link";
import { messages } from "@/lib/server/notify/messages-table";
import type { MessageKey } from "@/lib/server/notify/plan-messages";
import { requestMessage } from "@/lib/server/notify/request-message";
import { sendMail } from "@/lib/server/notify/send-mail";
import { sendWebhook } from "@/lib/server/notify/send-webhook";
import type { Db } from "@/lib/server/store/create-store";
import { requests } from "@/lib/server/store/schema";

/**
 * Sends one claimed message by mail and webhook, each channel once: a channel already sent is
 * not sent again by a retry, and a request closed meanwhile gets nothing. Throws when a channel
 * failed, so the queue retries it with backoff.
 */
export async function sendRequestMessage(db: Db, key: MessageKey): Promise<void> {
  const where = and(
    eq(messages.requestId, key.requestId),
    eq(messages.recipient, key.recipient),
    eq(messages.kind, key.kind),
    eq(messages.offsetSeconds, key.offsetSeconds),
  );
  const [row] = await db.select().from(messages).where(where).limit(1);
  if (!row || row.status !== "pending") return;
  const [request] = await db.select().from(requests).where(eq(requests.id, key.requestId));
  const now = Math.floor(Date.now() / 1000);
  const closes = request?.expiresAt ? Math.floor(request.expiresAt.getTime() / 1000) : 0;
  if (!request || request.status !== "waiting" || (closes && closes <= now)) {
    await db.update(messages).set({ status: "skipped" }).where(where);
    return;
  }
  const env = getEnv();
  const origin = env.APP_ORIGIN ?? `http://localhost:${env.PORT}`;
  const exp = closes || now + Math.min(env.limits.MAX_LINK_TTL, 7 * 24 * 3600);
  const link =
    origin +
    mintFormLink({
      token: request.formToken,
      run: request.runId ?? "",
      user: key.recipient,
      exp,
      scope: request.runId ? "run" : "form",
      auth: request.requireSignIn || env.REQUIRE_SIGN_IN ? "signin" : "link",
    });
  const message = requestMessage({
    kind: key.kind,
    title: request.title ?? "",
    recipient: key.recipient,
    expiresAt: closes,
    link,
  });
  await db
    .update(messages)
    .set({ attempts: row.attempts + 1 })
    .where(where);
  const failures: string[] = [];
  if (env.SMTP_URL && key.recipient.includes("@") && !row.mailSentAt) {
    try {
      await sendMail(env.SMTP_URL, env.MAIL_FROM, key.recipient, message);
      await db.update(messages).set({ mailSentAt: new Date() }).where(where);
    } catch (error) {
      failures.push(`mail: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (env.NOTIFY_WEBHOOK_URL && !row.webhookSentAt) {
    try {
      await sendWebhook(env.NOTIFY_WEBHOOK_URL, message, {
        kind: key.kind,
        recipient: key.recipient,
        link,
      });
      await db.update(messages).set({ webhookSentAt: new Date() }).where(where);
    } catch (error) {
      failures.push(`webhook: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (failures.length) throw new Error(`The message was not sent (${failures.join("; ")}).`);
  await db.update(messages).set({ status: "sent" }).where(where);
}
