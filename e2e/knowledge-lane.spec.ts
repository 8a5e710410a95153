import { randomUUID } from "node:crypto";
import { expect, test } from "@/e2e/fixtures";
import { callsForRequest } from "@/e2e/helpers/embedded";
import { openKnowledgeTools, PORTAL_TOKEN } from "@/e2e/helpers/knowledge";
import {
  E2E_EMBEDDED_PORT,
  E2E_KNOWLEDGE_DATASET_IDS,
  E2E_MISSING_DATASET,
  E2E_NAMED_PORTAL_TOKENS,
} from "@/e2e/ports";

// The knowledge routes in their lane (issue 26): only the bases of KNOWLEDGE_DATASET_IDS, named
// portal tokens, and a /knowledge that tells an
// anonymous visitor nothing about the server.

test.use({ locale: "en-US" });

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

test("the base list holds only the allowed bases, read one by one, searched and paged", async ({
  request,
}) => {
  const all = await request.get("/api/datasets?limit=100", { headers: bearer(PORTAL_TOKEN) });
  expect(all.status()).toBe(200);
  const body = (await all.json()) as { data: { id: string }[]; total: number };
  // In the list's order; an allowed base the upstream no longer has is left out.
  const existing = E2E_KNOWLEDGE_DATASET_IDS.filter((id) => id !== E2E_MISSING_DATASET);
  expect(body.data.map((base) => base.id)).toEqual(existing);
  expect(body.total).toBe(existing.length);
  // "notes" names two bases upstream; only the allowed one is found.
  const found = await request.get("/api/datasets?keyword=NOTES", { headers: bearer(PORTAL_TOKEN) });
  expect(await found.json()).toMatchObject({ total: 1, data: [{ id: "empty-base" }] });
  const second = await request.get("/api/datasets?page=2&limit=2", {
    headers: bearer(PORTAL_TOKEN),
  });
  expect(await second.json()).toMatchObject({
    page: 2,
    limit: 2,
    total: 3,
    has_more: false,
    data: [{ id: "empty-base" }],
  });
  // The workspace list is never asked for: each allowed base is read on its own.
  const requestId = randomUUID();
  await request.get("/api/datasets", {
    headers: { ...bearer(PORTAL_TOKEN), "x-request-id": requestId },
  });
  // (the missing one included: it is asked for, and answered 404)
  const paths = (await callsForRequest(requestId)).map((call) => call.path).sort();
  expect(paths).toEqual(E2E_KNOWLEDGE_DATASET_IDS.map((id) => `/v1/datasets/${id}`).sort());
});

test("a maintainer sees only the allowed bases on /knowledge", async ({ page }) => {
  await openKnowledgeTools(page);
  const bases = page.getByRole("region", { name: "Knowledge bases" });
  await expect(bases.getByText("Support articles")).toBeVisible();
  await expect(bases.getByText("Release notes (empty)")).toBeVisible();
  await expect(bases.getByText("Internal notes")).toHaveCount(0);
  // A shared link to a base outside the list shows it as one the server cannot see.
  await page.goto("/knowledge?base=internal-notes");
  await expect(page.getByText("This knowledge base no longer exists")).toBeVisible();
});

test("a named portal token opens the knowledge routes as the unnamed one does", async ({
  request,
}) => {
  for (const token of [...Object.values(E2E_NAMED_PORTAL_TOKENS), PORTAL_TOKEN]) {
    const response = await request.get("/api/datasets/support-articles/metadata", {
      headers: bearer(token),
    });
    expect(response.status()).toBe(200);
  }
});

test("/knowledge tells an anonymous visitor nothing about the server's configuration", async ({
  page,
  request,
}) => {
  const html = await (await request.get("/knowledge")).text();
  for (const secret of [
    // the allowlist
    ...E2E_KNOWLEDGE_DATASET_IDS,
    // the upstream (and so where Markdown images may come from)
    `127.0.0.1:${E2E_EMBEDDED_PORT}`,
    // whether the tools can work here (a knowledge key is set), and what kind of upstream it is
    "atomicUpdates",
    "markdownImageOrigins",
  ]) {
    expect(html, secret).not.toContain(secret);
  }
  // The page asks for a token and shows nothing else.
  await page.goto("/knowledge");
  await expect(page.getByLabel("Portal token")).toBeVisible();
  await expect(page.getByRole("region", { name: "Knowledge bases" })).toHaveCount(0);
  // A wrong token learns nothing either: it is refused, as on any server.
  await page.getByLabel("Portal token").fill("not-the-token-0123456789abcdef-xyz");
  await page.getByRole("button", { name: "Use token" }).click();
  await expect(page.getByText("The server refused the portal token.")).toBeVisible();
});
