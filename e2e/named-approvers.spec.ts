import { expect, inboxTest as test } from "@/e2e/fixtures";
import { expectAccessible, registerRequest, signInAtProvider, WIDTHS } from "@/e2e/helpers/inbox";
import { startRunAsPortal } from "@/e2e/helpers/runs";
import { EMBEDDED_LINK_SECRET } from "@/lib/embedded/demo-keys";
import { formLinkPath } from "@/lib/server/form/signed-form-link";

// A form whose link carries the sign-in claim opens only for its user, signed in: a forwarded
// link or a scanner's visit sees a sign-in page with nothing of the form; someone else signed in
// is told the request is not theirs.

// A fresh server's first pages are slow on a busy machine.
test.describe.configure({ mode: "serial", timeout: 60_000 });

async function namedRequest(user: string) {
  const { runId, formToken } = await startRunAsPortal(user);
  const exp = Math.floor(Date.now() / 1000) + 3600;
  const path = formLinkPath(
    { token: formToken, run: runId, user, exp, auth: "signin" },
    EMBEDDED_LINK_SECRET,
  );
  return { formToken, path };
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test("the named person signs in and the form opens", async ({ page, inboxWorld }) => {
      const { path } = await namedRequest("alice@example.com");
      await page.goto(`${inboxWorld.app.url}${path}`);
      await expect(
        page.getByRole("heading", { name: "Sign in to open this request" }),
      ).toBeVisible();
      // Nothing of the form: not its title, not its fields.
      await expect(page.getByText("Editorial review")).toHaveCount(0);
      await expect(page.getByLabel("Draft")).toHaveCount(0);
      await expectAccessible(page);

      await page.getByRole("link", { name: "Sign in" }).click();
      await signInAtProvider(page, "alice");
      await expect(page.getByRole("heading", { name: "Editorial review" })).toBeVisible();
      await expect(page.getByLabel("Draft")).toBeVisible();
    });

    test("someone else signed in is told the request is not theirs", async ({
      page,
      inboxWorld,
    }) => {
      const { path, formToken } = await namedRequest("alice@example.com");
      await page.goto(`${inboxWorld.app.url}/signin`);
      await page.getByRole("link", { name: "Sign in", exact: true }).click();
      await signInAtProvider(page, "bob");
      await expect(page.getByText("Signed in as bob@example.com")).toBeVisible();

      await page.goto(`${inboxWorld.app.url}${path}`);
      await expect(
        page.getByRole("heading", { name: "This request is for someone else" }),
      ).toBeVisible();
      await expect(page.getByText("You are signed in as bob@example.com")).toBeVisible();
      // The way out: sign out, to sign in as the one it was sent to.
      await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
      await expect(page.getByLabel("Draft")).toHaveCount(0);
      await expectAccessible(page);

      // The API says the same: the link alone, without the right person, opens nothing.
      const answer = await page.request.get(
        `${inboxWorld.app.url}/api/forms/${encodeURIComponent(formToken)}`,
      );
      expect(answer.status()).toBe(403);
      expect(await answer.json()).toMatchObject({ code: "not_recipient" });
    });
  });
}

test("a scanner's visit or a forwarded link gets the sign-in page, the API nothing", async ({
  request,
  inboxWorld,
}) => {
  const { path, formToken } = await namedRequest("alice@example.com");
  const page = await request.get(`${inboxWorld.app.url}${path}`);
  expect(page.status()).toBe(200);
  const html = await page.text();
  expect(html).toContain("Sign in to open this request");
  expect(html).not.toContain("Editorial review");
  const query = new URL(path, "http://x").search.slice(1);
  const api = await request.get(
    `${inboxWorld.app.url}/api/forms/${encodeURIComponent(formToken)}`,
    {
      headers: { "x-form-link": query },
    },
  );
  expect(api.status()).toBe(401);
  expect(await api.json()).toMatchObject({ code: "sign_in_required" });
});

test("a request registered for signed-in recipients refuses a link minted without the claim", async ({
  page,
  inboxWorld,
}) => {
  const user = `named-${Date.now()}@example.com`;
  const { formToken } = await registerRequest(inboxWorld, {
    recipient: user,
    title: "Named only",
    requireSignIn: true,
  });
  // Signed with the right secret for the right token and user, but without `auth=signin`.
  const exp = Math.floor(Date.now() / 1000) + 3600;
  const plain = formLinkPath({ token: formToken, run: "", user, exp }, EMBEDDED_LINK_SECRET);
  expect(plain).not.toContain("auth=");
  await page.goto(`${inboxWorld.app.url}${plain}`);
  await expect(page.getByRole("heading", { name: "Sign in to open this request" })).toBeVisible();
  await expect(page.getByLabel("Draft")).toHaveCount(0);

  const api = await page.request.get(
    `${inboxWorld.app.url}/api/forms/${encodeURIComponent(formToken)}`,
    { headers: { "x-form-link": new URL(plain, "http://x").search.slice(1) } },
  );
  expect(api.status()).toBe(401);
  expect(await api.json()).toMatchObject({ code: "sign_in_required" });
});
