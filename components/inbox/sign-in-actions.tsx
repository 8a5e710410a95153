import { getTranslations } from "next-intl/server";
import { signInHref, SIGN_OUT_ACTION } from "@/lib/inbox/sign-in-paths";

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

/** Sign-out as a form post: a link or a prefetch cannot end the session. */
export async function SignOutButton() {
  const t = await getTranslations("inbox");
  return (
    <form method="post" action={SIGN_OUT_ACTION}>
      <button type="submit" className="button button-ghost button-small">
        {t("signOut")}
      </button>
    </form>
  );
}
