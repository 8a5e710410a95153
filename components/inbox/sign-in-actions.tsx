import { getTranslations } from "next-intl/server";
import { signInHref } from "@/lib/inbox/sign-in-paths";

/** A link that starts sign-in (a navigation: the provider's page follows). */
export async function SignInLink({
  returnTo,
  label,
}: {
  returnTo?: string;
  label?: "signIn" | "signInAgain" | "tryAgain";
}) {
  const t = await getTranslations("inbox");
  return (
    <a className="button button-primary" href={signInHref(returnTo)}>
      {t(label ?? "signIn")}
    </a>
  );
}
