import { expect, test } from "@/e2e/fixtures";
import { fillDemoForm, getFormRecord, signLink } from "@/e2e/helpers/forms";
import { startRunAsPortal } from "@/e2e/helpers/runs";

// A link opened top-level trades its credentials for an HttpOnly cookie and the browser lands on
// the clean address; in a frame the link stays in the frame's address and travels in the header
// (e2e/embed.spec.ts; docs/decisions/035-link-credentials-in-a-cookie.md).

const LINK_KEYS = ["run", "user", "exp", "scope", "sig"];

test("a link opened top-level becomes a cookie: 303 to the clean address, the form still answers", async ({
  page,
  demoRun,
}) => {
  const response = await page.goto(`${demoRun.link}&lang=en`);
  // The browser followed one 303 from the link to the clean address.
  const first = response!.request().redirectedFrom();
  expect(first?.url()).toContain("sig=");
  expect((await first!.response())!.status()).toBe(303);
  const address = new URL(page.url());
  expect(address.pathname).toBe(`/form/${demoRun.formToken}`);
  expect(address.search).toBe("?lang=en");

  // Two HttpOnly cookies, one for the page's path and one for its API's, both the token's own.
  const cookies = (await page.context().cookies()).filter((c) => c.name === "hi_form_link");
  expect(cookies.map((c) => c.path).sort()).toEqual(
    [`/api/forms/${demoRun.formToken}`, `/form/${demoRun.formToken}`].sort(),
  );
  for (const cookie of cookies) {
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax" });
    const traded = new URLSearchParams(decodeURIComponent(cookie.value));
    expect([...traded.keys()].sort()).toEqual(LINK_KEYS.filter((k) => k !== "scope").sort());
  }
  // Page script never sees the signature.
  expect(await page.evaluate(() => document.cookie)).not.toContain("sig");

  // Every API call of the page carries the cookie, none the link header.
  const apiCalls: { url: string; link: string | undefined }[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/forms/")) {
      apiCalls.push({ url: request.url(), link: request.headers()["x-form-link"] });
    }
  });
  await fillDemoForm(page);
  await page.getByRole("button", { name: "Approve and publish" }).click();
  await expect(page.getByRole("heading", { name: "Run finished" })).toBeVisible();
  expect((await getFormRecord(demoRun.formToken)).submission?.user).toBe(demoRun.user);
  expect(apiCalls.length).toBeGreaterThan(0);
  expect(apiCalls.filter((call) => call.link !== undefined)).toEqual([]);
  expect(page.url()).not.toContain("sig=");
});

test("links to two forms live side by side, and a newer link for a form replaces its cookie", async ({
  page,
  demoRun,
}) => {
  const other = await startRunAsPortal(`${demoRun.user}.other`);
  await page.goto(demoRun.link);
  await expect(page.getByRole("heading", { name: "Your answer is needed" })).toBeVisible();
  await page.goto(
    signLink({ token: other.formToken, run: other.runId, user: "second@example.com" }),
  );
  await expect(page.getByRole("heading", { name: "Your answer is needed" })).toBeVisible();
  // The first form's clean address still opens it: its cookie is its own.
  await page.goto(`/form/${demoRun.formToken}`);
  await expect(page.getByRole("heading", { name: "Your answer is needed" })).toBeVisible();

  const newer = signLink({
    token: demoRun.formToken,
    run: demoRun.runId,
    user: demoRun.user,
    ttlSeconds: 7200,
  });
  await page.goto(newer);
  const exp = new URL(newer, "http://x").searchParams.get("exp");
  const cookies = (await page.context().cookies()).filter(
    (c) => c.name === "hi_form_link" && c.path.endsWith(`/${demoRun.formToken}`),
  );
  expect(cookies).toHaveLength(2);
  for (const cookie of cookies) {
    expect(new URLSearchParams(decodeURIComponent(cookie.value)).get("exp")).toBe(exp);
  }
});

test("a browser that keeps no cookie gets a clear screen on the clean address, not a broken form", async ({
  request,
  demoRun,
  baseURL,
}) => {
  // What the browser does, without keeping the cookie: the first request, then the redirect.
  const traded = await request.get(demoRun.link, {
    headers: { "Sec-Fetch-Dest": "document" },
    maxRedirects: 0,
  });
  expect(traded.status()).toBe(303);
  expect(new URL(traded.headers()["location"]!, baseURL).href).toBe(
    `${baseURL}/form/${demoRun.formToken}`,
  );
  expect(traded.headers()["referrer-policy"]).toBe("no-referrer");
  const clean = await request.get(`/form/${demoRun.formToken}`, {
    headers: { "Sec-Fetch-Dest": "document", Cookie: "" },
  });
  expect(clean.status()).toBe(200);
  const html = await clean.text();
  expect(html).toContain("Open the link you were sent");
  expect(html).toContain("refusing cookies");
});

test("a link valid for longer than MAX_LINK_TTL opens nothing and is not traded", async ({
  page,
  demoRun,
}) => {
  const tooLong = signLink({
    token: demoRun.formToken,
    run: demoRun.runId,
    user: demoRun.user,
    ttlSeconds: 31 * 24 * 3600,
  });
  await page.goto(tooLong);
  await expect(page.getByRole("heading", { name: "This link is not valid" })).toBeVisible();
  await expect(page.getByText("longer than this server allows")).toBeVisible();
  expect((await page.context().cookies()).filter((c) => c.name === "hi_form_link")).toEqual([]);
});

test("a page asked for under another host name (DNS rebinding) is refused with 421", async ({
  request,
  demoRun,
}) => {
  const page = await request.get(demoRun.link, { headers: { Host: "rebound.example" } });
  expect(page.status()).toBe(421);
  expect(await page.json()).toMatchObject({ code: "misdirected_request" });
  // The probes answer whatever the Host: orchestrators ask by the pod's address.
  const health = await request.get("/api/health", { headers: { Host: "10.0.0.7:3000" } });
  expect(health.status()).toBe(200);
});
