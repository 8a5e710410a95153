// npm run sign-link -- --token T [--run R] --user U [--scope run] [--view progress] [--ttl 7d] [--base http://localhost:3000]
// npm run sign-link -- --inbox --user U [--ttl 30d]
// Prints a signed form link, or with --inbox a signed inbox link, as a full address on APP_ORIGIN
// (or --base). The secret is FORM_LINK_SECRET, so links match what the app verifies.
import { parseArgs } from "@/lib/tools/cli/parse-args";
import { parseEnv } from "@/lib/server/env-schema";
import { inboxLinkPath } from "@/lib/server/auth/inbox-link";
import { exceedsMaxLinkTtl, formLinkPath } from "@/lib/server/form/signed-form-link";
import { parseTtl } from "@/lib/tools/cli/parse-ttl";

function main() {
  const args = parseArgs(process.argv.slice(2));
  const get = (name: string) => (typeof args[name] === "string" ? args[name] : undefined);
  const token = get("token");
  const user = get("user");
  const inbox = args.inbox === true;
  if (args.help || (!token && !inbox) || !user) {
    console.log(
      "Usage: npm run sign-link -- --token <form_token> --user <user> [--run <workflow_run_id>] [--scope run] [--view progress] [--sign-in] [--ttl 7d] [--base <app origin>]\n" +
        "       npm run sign-link -- --inbox --user <user> [--ttl 7d] [--base <app origin>]\n" +
        "  --sign-in: only the user, signed in with OpenID Connect, may open the form\n" +
        "  --inbox: a link to the user's inbox (all requests naming them) instead of one form\n" +
        "  --scope run: the link may also answer the run's later forms in place (default: its own form only)\n" +
        "  --view progress: the link follows the run's progress only, without its answer or outputs (default: as RUN_STREAM_OUTPUTS says)",
    );
    process.exit(args.help ? 0 : 2);
  }
  const env = parseEnv(process.env);
  const secret = env.FORM_LINK_SECRET;
  if (!secret) {
    console.error("FORM_LINK_SECRET is not set: there is no secret to sign with.");
    process.exit(2);
  }
  const scope = get("scope") ?? "form";
  if (scope !== "form" && scope !== "run") {
    console.error(`--scope must be "form" or "run", not "${scope}".`);
    process.exit(2);
  }
  const view = get("view") ?? "full";
  if (view !== "full" && view !== "progress") {
    console.error(`--view must be "progress" (or "full", the default), not "${view}".`);
    process.exit(2);
  }
  const auth = args["sign-in"] === true ? "signin" : "link";
  const now = Math.floor(Date.now() / 1000);
  const exp = now + parseTtl(get("ttl") ?? "7d");
  // The app refuses a link valid for longer than MAX_LINK_TTL: no use minting one.
  if (exceedsMaxLinkTtl(exp, env.limits.MAX_LINK_TTL, now)) {
    console.error(
      `--ttl is longer than MAX_LINK_TTL (${env.limits.MAX_LINK_TTL} s): the app would refuse the link.`,
    );
    process.exit(2);
  }
  const base = (get("base") ?? env.APP_ORIGIN ?? `http://localhost:${env.PORT}`).replace(
    /\/+$/,
    "",
  );
  const path =
    inbox || !token
      ? inboxLinkPath({ user, exp }, secret)
      : formLinkPath({ token, run: get("run") ?? "", user, exp, scope, view, auth }, secret);
  console.log(base + path);
}

try {
  main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
}
