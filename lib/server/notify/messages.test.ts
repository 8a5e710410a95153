import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sql } from "drizzle-orm";
import { claimDueMessages } from "@/lib/server/notify/plan-messages";
import { storeRequest } from "@/lib/server/requests/store-request";
import { requests } from "@/lib/server/store/schema";
import { startNotifyCatcher, type NotifyCatcher } from "@/lib/tools/notify/notify-catcher";
import { emptiedStoreEachTest, STORE_BACKENDS } from "@/lib/tools/postgres/test-stores";
import { forgetProcessState } from "@/lib/tools/test/forget-process-state";

const HOUR = 3600;
const offsets = [24 * HOUR, HOUR];

let catcher: NotifyCatcher;
beforeAll(async () => {
  catcher = await startNotifyCatcher();
});
afterAll(() => catcher.close());

describe.each(STORE_BACKENDS)("arrivals and reminders on $name", (backend) => {
  const db = emptiedStoreEachTest(backend);
  const now = new Date();
  const register = async (formToken: string, closesIn: number | null, createdAgo = 0) => {
    const request = await storeRequest(db(), {
      formToken,
      runId: null,
      title: `Request ${formToken}`,
      recipients: ["a@x.io", "b@x.io"],
      expiresAt: closesIn === null ? null : new Date(now.getTime() + closesIn * 1000),
      registeredBy: "portal",
    });
    const created = new Date(now.getTime() - createdAgo * 1000);
    await db()
      .update(requests)
      .set({ createdAt: created })
      .where(sql`${requests.id} = ${request.request.id}`);
    return request.request.id;
  };
  const claim = () => claimDueMessages(db(), { offsets, now, limit: 100 });

  it("claims an arrival per recipient once, however many copies plan at the same time", async () => {
    await register("t1", 48 * HOUR);
    const [first, second] = await Promise.all([claim(), claim()]);
    const all = [...first, ...second];
    expect(all.map((key) => `${key.recipient}:${key.kind}`).sort()).toEqual([
      "a@x.io:arrival",
      "b@x.io:arrival",
    ]);
    expect(await claim()).toEqual([]);
  });

  it("claims a reminder once its moment has come, only if the request was there before it", async () => {
    // Registered two days ago, closes in 30 minutes: both reminders' moments have passed.
    await register("old", HOUR / 2, 48 * HOUR);
    // Registered just now, closes in 30 minutes: no reminder (the arrival says it all).
    await register("new", HOUR / 2);
    const keys = await claim();
    const reminders = keys.filter((key) => key.kind === "reminder");
    expect(reminders.map((key) => key.offsetSeconds).sort()).toEqual([
      HOUR,
      HOUR,
      24 * HOUR,
      24 * HOUR,
    ]);
    expect(keys.filter((key) => key.kind === "arrival")).toHaveLength(4);
  });

  it("claims nothing for a closed or expired request", async () => {
    const id = await register("closed", 48 * HOUR);
    await db()
      .update(requests)
      .set({ status: "answered" })
      .where(sql`${requests.id} = ${id}`);
    await register("gone", -60, 48 * HOUR);
    expect(await claim()).toEqual([]);
  });

  it("sends by mail and webhook, retries only the channel that failed, and skips a closed request", async () => {
    vi.resetModules();
    forgetProcessState();
    vi.stubEnv("SMTP_URL", catcher.smtpUrl);
    vi.stubEnv("NOTIFY_WEBHOOK_URL", catcher.webhookUrl);
    vi.stubEnv("APP_ORIGIN", "http://app.test");
    const { sendRequestMessage } = await import("@/lib/server/notify/send-request-message");
    const id = await register("sent", 48 * HOUR);
    const [key] = (await claim()).filter((k) => k.recipient === "a@x.io");
    const before = catcher.messages.length;
    catcher.failWebhooks(1);
    await expect(sendRequestMessage(db(), key!)).rejects.toThrow(/webhook/);
    await sendRequestMessage(db(), key!);
    await sendRequestMessage(db(), key!);
    const sent = catcher.messages.slice(before);
    expect(sent.map((m) => m.channel)).toEqual(["mail", "webhook"]);
    expect(sent[0]).toMatchObject({ to: "a@x.io", subject: "Waiting for you: Request sent" });
    expect(JSON.stringify(sent[1])).toContain("http://app.test/form/sent?");

    await db()
      .update(requests)
      .set({ status: "expired" })
      .where(sql`${requests.id} = ${id}`);
    const bKey = { ...key!, recipient: "b@x.io" };
    await sendRequestMessage(db(), bKey);
    expect(catcher.messages.length).toBe(before + 2);
    vi.unstubAllEnvs();
  });
});
