import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Provider, { type Configuration } from "oidc-provider";

// A local OpenID provider for the demo and the tests (the `oidc-provider` package): two demo
// people, one client for the app (client_secret_basic, PKCE), sign-in on its own simple page.

export const DEMO_PEOPLE = [
  { login: "alice", email: "alice@example.com", name: "Alice Example" },
  { login: "bob", email: "bob@example.com", name: "Bob Example" },
] as const;
/** The demo people's password on the local provider's sign-in page. */
export const DEMO_PASSWORD = "demo";
export const LOCAL_CLIENT_ID = "human-input-app";
export const LOCAL_CLIENT_SECRET = "local-oidc-client-secret-not-for-production";

export type LocalOidcProvider = {
  issuer: string;
  close: () => Promise<void>;
  /** Stop answering (a provider that is down), and answer again. */
  setDown: (down: boolean) => void;
};

export async function startLocalOidcProvider(options: {
  appOrigin: string;
  port?: number;
}): Promise<LocalOidcProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const configuration: Configuration = {
    clients: [
      {
        client_id: LOCAL_CLIENT_ID,
        client_secret: LOCAL_CLIENT_SECRET,
        redirect_uris: [`${options.appOrigin}/api/auth/callback/oidc`],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    cookies: { keys: ["local-oidc-provider-cookie-key-not-for-production"] },
    features: { devInteractions: { enabled: true } },
    // Lifetimes of its own, in seconds: short, as befits a demo, and the provider's defaults each
    // print a notice on every sign-in.
    ttl: { Interaction: 600, Grant: 600, Session: 3600, AccessToken: 600, IdToken: 600 },
    findAccount(_ctx, id) {
      const person = DEMO_PEOPLE.find((p) => p.login === id || p.email === id);
      if (!person) return Promise.resolve(undefined);
      return Promise.resolve({
        accountId: person.login,
        claims: () =>
          Promise.resolve({
            sub: person.login,
            email: person.email,
            email_verified: true,
            name: person.name,
          }),
      });
    },
    // The app is this provider's own: no consent screen.
    async loadExistingGrant(ctx) {
      const grantId =
        ctx.oidc.result?.consent?.grantId ??
        ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId,
      });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
  };
  const provider = new Provider(issuer, configuration);
  const callback = provider.callback();
  let down = false;
  server.on("request", (request, response) => {
    if (down) {
      response.destroy();
      return;
    }
    void callback(request, response);
  });
  return {
    issuer,
    setDown: (value) => {
      down = value;
      if (value) server.closeAllConnections();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
