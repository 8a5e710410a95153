import type { Metadata } from "next";
import { connection } from "next/server";
import { getTranslations } from "next-intl/server";
import { SignInLink, SignOutButton } from "@/components/inbox/sign-in-actions";
import { ViewerRefusedScreen } from "@/components/inbox/viewer-refused-screen";
import { StatusScreen } from "@/components/ui/status-screen";
import { oidcSettings } from "@/lib/server/auth/oidc-client";
import { currentViewer } from "@/lib/server/auth/viewer";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("inbox"))("pageTitle") };
}

export default async function InboxPage({ searchParams }: PageProps<"/inbox">) {
  // Per request for its CSP nonce.
  await connection();
  const query = await searchParams;
  const t = await getTranslations("inbox");
  const address = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) address.set(key, first);
  }
  const viewer = await currentViewer(address);
  const signIn = oidcSettings() !== null;
  return (
    <main className="page">
      <header className="site-header">{t("header")}</header>
      {viewer.state === "none" ? (
        <StatusScreen
          title={t("none.title")}
          actions={signIn ? <SignInLink returnTo="/inbox" /> : null}
        >
          <p>{t(signIn ? "none.bodySignIn" : "none.body")}</p>
        </StatusScreen>
      ) : viewer.state === "refused" ? (
        <ViewerRefusedScreen refusal={viewer} signIn={signIn} returnTo="/inbox" />
      ) : (
        <section className="card stack" aria-labelledby="inbox-title">
          <div className="inbox-who">
            <h1 id="inbox-title">{t("pageTitle")}</h1>
            <p>
              {viewer.session.via === "oidc"
                ? t("whoSignedIn", { user: viewer.session.user })
                : t("whoLink", { user: viewer.session.user })}
            </p>
            {viewer.session.via === "oidc" ? <SignOutButton /> : null}
          </div>
        </section>
      )}
    </main>
  );
}
