import type { Metadata } from "next";
import { EmbedProvider } from "@/components/embed-provider";
import { FormScreen } from "@/components/form-screen";
import { StatusScreen } from "@/components/ui/status-screen";
import { getEnv } from "@/lib/env";
import { verifyLinkParams } from "@/lib/form-identity";
import { formTokenSchema } from "@/lib/route-params";

export const metadata: Metadata = { title: "Answer a request" };

type PageProps = {
  params: Promise<{ token: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const LINK_KEYS = ["run", "user", "exp", "sig"] as const;

export default async function FormPage({ params, searchParams }: PageProps) {
  const { token } = await params;
  const query = await searchParams;
  // `?embed=1`: no page chrome, and events for the portal that frames the page.
  const embed = query.embed === "1";
  return (
    <main className={embed ? "page page-embed" : "page"}>
      {embed ? null : <header className="site-header">Workflow request</header>}
      <EmbedProvider enabled={embed} allowedOrigins={getEnv().embedAllowedOrigins} formToken={token}>
        <FormPageBody token={token} query={query} />
      </EmbedProvider>
    </main>
  );
}

function FormPageBody({
  token,
  query,
}: {
  token: string;
  query: Record<string, string | string[] | undefined>;
}) {
  if (!formTokenSchema.safeParse(token).success) {
    return (
      <StatusScreen title="Form not found" tone="error">
        <p>This link does not point to a form. Check that the whole link was copied.</p>
      </StatusScreen>
    );
  }
  const linkParams = new URLSearchParams();
  for (const key of LINK_KEYS) {
    const value = query[key];
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) linkParams.set(key, first);
  }
  const verified = verifyLinkParams(token, linkParams);
  if (!verified.ok) {
    const text = {
      missing:
        "This link is incomplete: it does not say who is answering. Use the whole link you were sent.",
      invalid: "This link is not valid: it may have been changed or cut short. Ask for a new link.",
      expired: "This link has expired. Ask the sender for a new one.",
    }[verified.reason];
    return (
      <StatusScreen
        title={verified.reason === "expired" ? "This link has expired" : "This link is not valid"}
        tone="error"
      >
        <p>{text}</p>
      </StatusScreen>
    );
  }
  return (
    <FormScreen
      key={token}
      link={{ token, run: verified.claims.run, linkQuery: linkParams.toString() }}
    />
  );
}
