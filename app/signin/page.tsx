import type { Metadata } from "next";
import { connection } from "next/server";
import { getTranslations } from "next-intl/server";
import { SignInLink } from "@/components/inbox/sign-in-actions";
import { StatusScreen } from "@/components/ui/status-screen";
import { returnPathSchema } from "@/lib/inbox/auth-api-contract";
import { oidcSettings } from "@/lib/server/auth/oidc-client";
import * as z from "zod/mini";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("inbox"))("signInTitle") };
}

const PROBLEMS = {
  unavailable: "unavailable",
  refused: "refused",
  no_user: "noUser",
  expired: "expired",
} as const;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export default async function SignInPage({ searchParams }: PageProps<"/signin">) {
  // Per request for its CSP nonce.
  await connection();
  const query = await searchParams;
  const t = await getTranslations("inbox");
  const returnTo = z.safeParse(returnPathSchema, first(query.return)).data ?? "/inbox";
  const problem = first(query.problem);
  const key = !oidcSettings()
    ? "notSetUp"
    : problem && problem in PROBLEMS
      ? PROBLEMS[problem as keyof typeof PROBLEMS]
      : first(query.signed_out)
        ? "signedOut"
        : null;
  return (
    <main className="page">
      <header className="site-header">{t("header")}</header>
      {key ? (
        <StatusScreen
          title={t(`signInPage.${key}.title`)}
          tone={key === "signedOut" ? "info" : key === "notSetUp" ? "warning" : "error"}
          actions={
            key === "notSetUp" ? null : (
              <SignInLink returnTo={returnTo} label={key === "signedOut" ? "signIn" : "tryAgain"} />
            )
          }
        >
          <p>{t(`signInPage.${key}.body`)}</p>
        </StatusScreen>
      ) : (
        <StatusScreen title={t("signInTitle")} actions={<SignInLink returnTo={returnTo} />}>
          <p>{t("signInPage.body")}</p>
        </StatusScreen>
      )}
    </main>
  );
}
