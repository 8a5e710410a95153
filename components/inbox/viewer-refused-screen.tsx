import { getTranslations } from "next-intl/server";
import { SignInLink } from "@/components/inbox/sign-in-actions";
import { StatusScreen } from "@/components/ui/status-screen";

type Refusal = { reason: "invalid" | "expired" | "throttled"; what: "link" | "session" };

const KEYS = {
  link: { invalid: "linkInvalid", expired: "linkExpired" },
  session: { invalid: "sessionInvalid", expired: "sessionExpired" },
} as const;

/** Why a link or session opened nothing, with sign-in offered where there is one. */
export async function ViewerRefusedScreen({
  refusal,
  signIn,
  returnTo,
}: {
  refusal: Refusal;
  signIn: boolean;
  returnTo?: string;
}) {
  const t = await getTranslations("inbox.refused");
  const key = refusal.reason === "throttled" ? "throttled" : KEYS[refusal.what][refusal.reason];
  return (
    <StatusScreen
      title={t(`${key}.title`)}
      tone="error"
      actions={
        signIn && refusal.reason !== "throttled" ? (
          <SignInLink returnTo={returnTo} label="signInAgain" />
        ) : null
      }
    >
      <p>{t(`${key}.body`)}</p>
    </StatusScreen>
  );
}
