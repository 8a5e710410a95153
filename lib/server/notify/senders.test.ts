import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestMessage } from "@/lib/server/notify/request-message";
import { sendMail } from "@/lib/server/notify/send-mail";
import { sendWebhook } from "@/lib/server/notify/send-webhook";
import { startNotifyCatcher, type NotifyCatcher } from "@/lib/tools/notify/notify-catcher";

// Against a real local SMTP server and webhook receiver.
let catcher: NotifyCatcher;
beforeAll(async () => {
  catcher = await startNotifyCatcher();
});
afterAll(() => catcher.close());

const message = requestMessage({
  kind: "reminder",
  title: "Approve\nthe <budget>",
  recipient: "alice@example.com",
  expiresAt: 1_900_003_600,
  link: "http://localhost:3000/inbox?user=alice&exp=1&sig=x",
  nowSeconds: 1_900_000_000,
});

describe("messages", () => {
  it("say what waits, by when, and link to it, the title on one line and escaped in HTML", () => {
    expect(message.subject).toBe("Reminder, still waiting: Approve the <budget>");
    expect(message.text).toContain("It closes in 60 minutes (2030-03-17T18:46:40Z).");
    expect(message.text).toContain("Open it: http://localhost:3000/inbox?user=alice&exp=1&sig=x");
    expect(message.html).toContain("Approve the &lt;budget&gt;");
    expect(message.html).toContain(
      'href="http://localhost:3000/inbox?user=alice&amp;exp=1&amp;sig=x"',
    );
  });
});

describe("senders", () => {
  it("mail the message through SMTP", async () => {
    await sendMail(
      catcher.smtpUrl,
      "Approvals <approvals@localhost>",
      "alice@example.com",
      message,
    );
    expect(catcher.messages.at(-1)).toMatchObject({
      channel: "mail",
      to: "alice@example.com",
      from: '"Approvals" <approvals@localhost>',
      subject: message.subject,
    });
  });

  it("post the message to a webhook as JSON with a Slack-compatible text", async () => {
    const details = { kind: "reminder", recipient: "alice@example.com", link: "http://x/" };
    await sendWebhook(catcher.webhookUrl, message, details);
    expect(catcher.messages.at(-1)).toMatchObject({
      channel: "webhook",
      body: { text: message.text, ...details },
    });
  });

  it("fail when the webhook answers with an error or the mail server is away", async () => {
    catcher.failWebhooks(1);
    const details = { kind: "arrival", recipient: "bob", link: "http://x/" };
    await expect(sendWebhook(catcher.webhookUrl, message, details)).rejects.toThrow(/503/);
    await expect(
      sendMail("smtp://127.0.0.1:1", "a@localhost", "b@localhost", message),
    ).rejects.toThrow();
  });
});
