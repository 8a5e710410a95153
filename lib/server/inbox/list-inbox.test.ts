import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { listInbox } from "@/lib/server/inbox/list-inbox";
import { storeRequest } from "@/lib/server/requests/store-request";
import { requests } from "@/lib/server/store/schema";
import { emptiedStoreEachTest, STORE_BACKENDS } from "@/lib/tools/postgres/test-stores";

const alice = { via: "link", user: "alice@example.com", exp: 0 } as const;

describe.each(STORE_BACKENDS)("the inbox's pages on $name", (backend) => {
  const db = emptiedStoreEachTest(backend);
  const register = async (title: string, createdAt: string, recipients = ["alice@example.com"]) => {
    const { request } = await storeRequest(db(), {
      formToken: `token-${title}`,
      runId: null,
      title,
      recipients,
      expiresAt: null,
      registeredBy: "portal",
    });
    await db()
      .update(requests)
      .set({ createdAt: sql`${createdAt}::timestamptz` })
      .where(eq(requests.id, request.id));
  };

  it("walks every request once, the newest first, rows of one millisecond included", async () => {
    await register("a", "2026-01-01T00:00:01.000000Z");
    // Three within one millisecond: a cursor cut to milliseconds would skip some.
    await register("b", "2026-01-01T00:00:02.000100Z");
    await register("c", "2026-01-01T00:00:02.000200Z");
    await register("d", "2026-01-01T00:00:02.000300Z");
    await register("e", "2026-01-01T00:00:03.000000Z");
    const titles: string[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 5; pages++) {
      const page = await listInbox(db(), alice, { cursor, limit: 2 });
      titles.push(...page.items.map((item) => item.title));
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    expect(titles).toEqual(["e", "d", "c", "b", "a"]);
  });

  it("shows a request once when it names the viewer in two spellings", async () => {
    await register("a", "2026-01-01T00:00:01.000000Z", ["Alice@example.com", "alice@example.com"]);
    await register("b", "2026-01-01T00:00:02.000000Z", ["alice@example.com"]);
    const page = await listInbox(db(), { ...alice, user: "Alice@example.com" }, { limit: 2 });
    expect(page.items.map((item) => item.title)).toEqual(["b", "a"]);
    expect(page.nextCursor).toBeNull();
  });

  it("shows a request that names the viewer in another case", async () => {
    await register("a", "2026-01-01T00:00:01.000000Z", ["Alice@Example.com"]);
    await register("b", "2026-01-01T00:00:02.000000Z", ["bob@example.com"]);
    const page = await listInbox(db(), alice, { limit: 5 });
    expect(page.items.map((item) => item.title)).toEqual(["a"]);
  });

  it("ends on a full last page with no cursor, and refuses a cursor it did not give", async () => {
    await register("a", "2026-01-01T00:00:01.000000Z");
    await register("b", "2026-01-01T00:00:02.000000Z");
    expect((await listInbox(db(), alice, { limit: 2 })).nextCursor).toBeNull();
    const forged = Buffer.from(JSON.stringify(["yesterday", "x"])).toString("base64url");
    await expect(listInbox(db(), alice, { cursor: forged, limit: 2 })).rejects.toMatchObject({
      code: "invalid_request",
    });
  });
});
