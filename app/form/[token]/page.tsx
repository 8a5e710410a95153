import type { Metadata } from "next";
import { FormScreen } from "@/components/form-screen";
import { StatusScreen } from "@/components/ui/status-screen";
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
  return (
    <main className="page">
      <header className="site-header">Workflow request</header>
      <FormPageBody token={token} query={query} />
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
