import type { AdminClient } from "@/lib/embedded/admin-client";
import { inboxLinkPath } from "@/lib/server/auth/inbox-link";
import { startNotifyCatcher } from "@/lib/tools/notify/notify-catcher";
import {
  DEMO_PASSWORD,
  DEMO_PEOPLE,
  LOCAL_CLIENT_ID,
  LOCAL_CLIENT_SECRET,
  startLocalOidcProvider,
} from "@/lib/tools/oidc/local-oidc-provider";

// What `npm run demo` adds for the inbox: a local OpenID provider with the demo people and a
// local mail server and webhook receiver that show what was sent, each unless the person set
// their own (OIDC_ISSUER, SMTP_URL, NOTIFY_WEBHOOK_URL).

export type DemoSignIn = {
  env: Record<string, string>;
  /** The lines the demo prints once the app is up. */
  describe: (secret: string) => string;
  close: () => Promise<void>;
};

export async function startDemoSignIn(
  source: Record<string, string | undefined>,
  appOrigin: string,
): Promise<DemoSignIn> {
  const env: Record<string, string> = {};
  const closers: (() => Promise<void>)[] = [];
  const lines: string[] = [];
  if (!source.OIDC_ISSUER?.trim()) {
    const provider = await startLocalOidcProvider({ appOrigin });
    closers.push(provider.close);
    Object.assign(env, {
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: LOCAL_CLIENT_ID,
      OIDC_CLIENT_SECRET: LOCAL_CLIENT_SECRET,
    });
    const people = DEMO_PEOPLE.map((p) => `${p.login} (${p.email})`).join(" or ");
    lines.push(
      `  Sign in at ${appOrigin}/signin with the local OpenID provider (${provider.issuer}):\n    ${people}, password "${DEMO_PASSWORD}"`,
    );
  }
  if (!source.SMTP_URL?.trim() && !source.NOTIFY_WEBHOOK_URL?.trim()) {
    const catcher = await startNotifyCatcher();
    closers.push(catcher.close);
    Object.assign(env, { SMTP_URL: catcher.smtpUrl, NOTIFY_WEBHOOK_URL: catcher.webhookUrl });
    lines.push(
      `  Mail and webhook messages the app sends are caught and shown at ${catcher.pageUrl}`,
    );
  }
  return {
    env,
    describe: (secret) => {
      const exp = Math.floor(Date.now() / 1000) + 7 * 24 * 3600;
      const inboxes = DEMO_PEOPLE.map(
        (p) => `    ${appOrigin}${inboxLinkPath({ user: p.email, exp }, secret)}`,
      ).join("\n");
      return `  Inbox links of the demo people (no sign-in needed):\n\n${inboxes}\n\n${lines.join("\n\n")}\n`;
    },
    close: async () => {
      await Promise.all(closers.map((close) => close()));
    },
  };
}

/**
 * A paused demo run for each demo person, registered as a request for them (Bob's needs sign-in),
 * so their inboxes show something from the start. Returns what to print.
 */
export async function registerDemoRequests(options: {
  admin: AdminClient;
  appOrigin: string;
  portalToken: string;
}): Promise<string> {
  const lines: string[] = [];
  for (const [index, person] of DEMO_PEOPLE.entries()) {
    const run = await options.admin.startDemoRun({ app: "workflow", user: person.email });
    const requireSignIn = index === 1;
    const response = await fetch(`${options.appOrigin}/api/requests`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${options.portalToken}`,
        "Content-Type": "application/json",
      },
      body: JSON.stringify({
        form_token: run.form_token,
        run_id: run.workflow_run_id,
        recipients: [person.email],
        title: `Announcement review for ${person.name}`,
        require_sign_in: requireSignIn,
      }),
    });
    if (!response.ok) {
      return `  (The demo requests were not registered: ${response.status} ${await response.text()})\n`;
    }
    lines.push(
      `    ${person.email}: "Announcement review for ${person.name}"${requireSignIn ? " (needs sign-in)" : ""}`,
    );
  }
  return `  Requests registered for the demo people (see their inboxes):\n\n${lines.join("\n")}\n`;
}
