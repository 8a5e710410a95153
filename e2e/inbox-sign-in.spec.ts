import { expect, inboxTest as test } from "@/e2e/fixtures";
import { expectAccessible, inboxLink, signInAtProvider, WIDTHS } from "@/e2e/helpers/inbox";

// Who is looking at the inbox: a signed inbox link traded for a cookie, sign-in with the local
// OpenID provider, sign-out, and clear screens for wrong links and a provider that is down.

// A fresh server's first pages are slow on a busy machine.
test.describe.configure({ mode: "serial", timeout: 60_000 });

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test("an inbox link opens its user's inbox and leaves the address bar", async ({
      page,
      inboxWorld,
    }) => {
      await page.goto(`${inboxWorld.app.url}${inboxLink("carol@example.com")}`);
      await expect(page.getByRole("heading", { name: "Inbox", level: 1 })).toBeVisible();
      await expect(page.getByText("Inbox of carol@example.com")).toBeVisible();
      expect(new URL(page.url()).search).toBe("");
      // The cookie holds it: the bare address opens the same inbox.
      await page.goto(`${inboxWorld.app.url}/inbox`);
      await expect(page.getByText("Inbox of carol@example.com")).toBeVisible();
      await expectAccessible(page);
    });

    test("a changed, an expired or no inbox link says why and offers sign-in", async ({
      page,
      inboxWorld,
    }) => {
      const tampered = inboxLink("carol@example.com").replace("carol", "mallory");
      await page.goto(`${inboxWorld.app.url}${tampered}`);
      await expect(
        page.getByRole("heading", { name: "This inbox link is not valid" }),
      ).toBeVisible();
      await expect(page.getByRole("link", { name: "Sign in again" })).toBeVisible();
      await expectAccessible(page);

      await page.goto(`${inboxWorld.app.url}${inboxLink("carol@example.com", -60)}`);
      await expect(
        page.getByRole("heading", { name: "This inbox link has expired" }),
      ).toBeVisible();

      await page.context().clearCookies();
      await page.goto(`${inboxWorld.app.url}/inbox`);
      await expect(page.getByRole("heading", { name: "Your inbox" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
    });

    test("a person signs in with the OpenID provider, then signs out", async ({
      page,
      inboxWorld,
    }) => {
      await page.goto(`${inboxWorld.app.url}/inbox`);
      await page.getByRole("link", { name: "Sign in" }).click();
      await signInAtProvider(page, "alice");
      await expect(page.getByText("Signed in as alice@example.com")).toBeVisible();
      expect(new URL(page.url()).pathname).toBe("/inbox");
      await expectAccessible(page);

      await page.getByRole("button", { name: "Sign out" }).click();
      await expect(page.getByRole("heading", { name: "You are signed out" })).toBeVisible();
      await page.goto(`${inboxWorld.app.url}/inbox`);
      await expect(page.getByRole("heading", { name: "Your inbox" })).toBeVisible();
    });

    test("a provider that is down: sign-in is unavailable, inbox links still work", async ({
      page,
      inboxWorld,
    }) => {
      inboxWorld.provider.setDown(true);
      try {
        await page.goto(`${inboxWorld.app.url}/signin`);
        await page.getByRole("link", { name: "Sign in", exact: true }).click();
        await expect(page.getByRole("heading", { name: "Sign-in is unavailable" })).toBeVisible();
        await expectAccessible(page);
        await page.goto(`${inboxWorld.app.url}${inboxLink("carol@example.com")}`);
        await expect(page.getByText("Inbox of carol@example.com")).toBeVisible();
      } finally {
        inboxWorld.provider.setDown(false);
      }
    });
  });
}

test("a forged session cookie gets a clear screen", async ({ page, inboxWorld }) => {
  const url = new URL(inboxWorld.app.url);
  await page
    .context()
    .addCookies([{ name: "hi_session", value: "forged", domain: url.hostname, path: "/" }]);
  await page.goto(`${inboxWorld.app.url}/inbox`);
  await expect(page.getByRole("heading", { name: "Your session is not valid" })).toBeVisible();
});

for (const [lang, title, heading] of [
  ["ja", "受信箱", "サインイン"],
  ["zh-Hans", "收件箱", "登录"],
] as const) {
  test(`the inbox and sign-in in ${lang}, dark, pass the accessibility check`, async ({
    page,
    inboxWorld,
  }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto(
      `${inboxWorld.app.url}${inboxLink("carol@example.com")}&lang=${lang}&theme=dark`,
    );
    await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    await expectAccessible(page);
    await page.goto(`${inboxWorld.app.url}/signin?lang=${lang}&theme=dark`);
    await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
    await expectAccessible(page);
  });
}
