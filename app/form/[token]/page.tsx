import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import type { Metadata } from "next";
import { cookies, headers } from "next/headers";
import { getTranslations } from "next-intl/server";
import { DraftSweep } from "@/components/form/draft-sweep";
import { EmbedProvider } from "@/components/embed/embed-provider";
import { ExpiryFormatsWarmUp } from "@/components/form/expiry-formats-warm-up";
import { FormBody } from "@/components/form/form-body";
import { FormScreen, type FormFailure } from "@/components/form/form-screen";
import { RecipientScreen } from "@/components/inbox/recipient-screen";
import { StatusScreen } from "@/components/ui/status-screen";
import type { FormLinkContext } from "@/lib/form/form-api";
import type { FormView } from "@/lib/form/form-view";
import { formQueryOptions } from "@/lib/form/queries";
import { checkRecipient, signInRequired } from "@/lib/server/auth/recipient-check";
import { currentViewer } from "@/lib/server/auth/viewer";
import { getEnv } from "@/lib/server/env";
import { resolveFormLink, runOutputsShown } from "@/lib/server/form/form-identity";
import { linkCookieName } from "@/lib/server/form/link-cookie";
import { loadFormView } from "@/lib/server/form/load-form-view";
import { formTokenSchema } from "@/lib/ids/path-ids";
import { toApiError } from "@/lib/errors/api-error";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("form"))("pageTitle") };
}

type Query = Awaited<PageProps<"/form/[token]">["searchParams"]>;

export default async function FormPage({ params, searchParams }: PageProps<"/form/[token]">) {
  const { token } = await params;
  const query = await searchParams;
  // `?embed=1`: no page chrome, and events for the portal that frames the page.
  const embed = query.embed === "1";
  const t = await getTranslations("form");
  const tInbox = await getTranslations("inbox");
  return (
    <main className={embed ? "page page-embed" : "page"}>
      {embed ? null : (
        <header className="site-header">
          {t("header")}
          {/* Opened from the inbox: the way back to it. */}
          {query.from === "inbox" ? (
            <a className="inbox-back" href="/inbox">
              {tInbox("backToInbox")}
            </a>
          ) : null}
        </header>
      )}
      <EmbedProvider
        enabled={embed}
        allowedOrigins={getEnv().EMBED_ALLOWED_ORIGINS}
        formToken={token}
      >
        <FormPageBody token={token} query={query} />
      </EmbedProvider>
    </main>
  );
}

async function FormPageBody({ token, query }: { token: string; query: Query }) {
  const t = await getTranslations("form");
  if (!formTokenSchema.safeParse(token).success) {
    return (
      <StatusScreen title={t("notFound.title")} tone="error">
        <p>{t("notFound.notAForm")}</p>
      </StatusScreen>
    );
  }
  // The address's link wins; else the cookie a top-level open traded its link for.
  const address = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) address.set(key, first);
  }
  const cookie = (await cookies()).get(linkCookieName({ headers: await headers() }))?.value;
  const verified = resolveFormLink(token, { query: address, cookie });
  if (!verified.ok) {
    // No link at all is a clean address without its cookie: a bookmark after the link expired, or
    // a browser that refuses cookies (the trade's 303 then arrives without one).
    const noCookie = verified.source === null;
    const reason = noCookie ? "noCookie" : verified.reason;
    return (
      <StatusScreen title={t(`link.${reason}.title`)} tone="error">
        <p>{t(`link.${reason}.body`)}</p>
        {noCookie ? null : <DraftSweep />}
      </StatusScreen>
    );
  }
  if (await signInRequired(verified.claims)) {
    // Before anything of the form is read: a forwarded link or a scanner's visit sees no more.
    const check = checkRecipient(verified.claims, await currentViewer(), true);
    if (!check.ok) {
      return (
        <RecipientScreen
          reason={check.reason}
          user={check.user}
          returnTo={`/form/${encodeURIComponent(token)}`}
        />
      );
    }
  }
  const link: FormLinkContext = {
    token,
    run: verified.claims.run,
    user: verified.claims.user,
    exp: verified.claims.exp,
    linkQuery: verified.source === "query" ? verified.params.toString() : "",
    scope: verified.claims.scope,
    runOutputs: runOutputsShown(verified.claims),
  };
  // Loaded into the cache under the browser's key: the page arrives whole, not fetched again.
  const queryClient = new QueryClient();
  let form: FormView | null = null;
  let failure: FormFailure | null = null;
  try {
    form = await queryClient.fetchQuery(formQueryOptions(link, () => loadFormView(token)));
  } catch (error) {
    const { code, message } = toApiError(error);
    failure = { code, message };
  }
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      {form?.expiresAt ? <ExpiryFormatsWarmUp /> : null}
      <FormScreen key={token} link={link} loadFailure={failure}>
        {form ? <FormBody form={form} imageOrigins={getEnv().MARKDOWN_IMAGE_ORIGINS} /> : null}
      </FormScreen>
    </HydrationBoundary>
  );
}
