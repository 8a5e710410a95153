import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import type { Metadata } from "next";
import { connection } from "next/server";
import { getTranslations } from "next-intl/server";
import { SignInLink } from "@/components/inbox/sign-in-actions";
import { SignOutButton } from "@/components/inbox/sign-out-button";
import { ViewerRefusedScreen } from "@/components/inbox/viewer-refused-screen";
import { InboxList } from "@/components/inbox/inbox-list";
import { ClientMessages } from "@/components/ui/client-messages";
import { StatusScreen } from "@/components/ui/status-screen";
import { INBOX_PAGE_ROWS } from "@/lib/inbox/inbox-api-contract";
import { inboxQueryOptions } from "@/lib/inbox/inbox-query";
import { INBOX_LINK_KEYS } from "@/lib/server/auth/inbox-link";
import type { Session } from "@/lib/server/auth/session";
import { listInbox } from "@/lib/server/inbox/list-inbox";
import { storeConfigured } from "@/lib/server/store/store-configured";
import { withStore } from "@/lib/server/store/with-store";
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
  // `?embed=1`: framed by a portal (embed.js), without the page's own header.
  const embed = address.get("embed") === "1";
  const signIn = oidcSettings() !== null;
  return (
    <ClientMessages areas={["inbox"]}>
      <main className={embed ? "page page-embed" : "page"}>
        {embed ? null : <header className="site-header">{t("header")}</header>}
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
          <InboxBody session={viewer.session} address={address} embed={embed} />
        )}
      </main>
    </ClientMessages>
  );
}

async function InboxBody({
  session,
  address,
  embed,
}: {
  session: Session;
  address: URLSearchParams;
  embed: boolean;
}) {
  const t = await getTranslations("inbox");
  // A framed inbox keeps its link in the address (no cookie there): the browser sends it back.
  const linkQuery = address.has("sig")
    ? new URLSearchParams(INBOX_LINK_KEYS.map((key) => [key, address.get(key) ?? ""])).toString()
    : "";
  const queryClient = new QueryClient();
  if (storeConfigured()) {
    // A failure is left to the list, which says so and tries again.
    await queryClient
      .prefetchInfiniteQuery(
        inboxQueryOptions(linkQuery, () =>
          withStore("list_inbox", (db) => listInbox(db, session, { limit: INBOX_PAGE_ROWS })),
        ),
      )
      .catch(() => undefined);
  }
  return (
    <section className="card stack" aria-labelledby="inbox-title">
      <div className="inbox-who">
        <h1 id="inbox-title">{t("pageTitle")}</h1>
        <p>
          {session.via === "oidc"
            ? t("whoSignedIn", { user: session.user })
            : t("whoLink", { user: session.user })}
        </p>
        {session.via === "oidc" ? <SignOutButton /> : null}
      </div>
      {storeConfigured() ? (
        <HydrationBoundary state={dehydrate(queryClient)}>
          <InboxList linkQuery={linkQuery} embed={embed} />
        </HydrationBoundary>
      ) : (
        <div className="stack">
          <h2>{t("storeOff.title")}</h2>
          <p>{t("storeOff.body")}</p>
        </div>
      )}
    </section>
  );
}
