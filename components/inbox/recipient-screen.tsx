import { getTranslations } from "next-intl/server";
import { SignInLink } from "@/components/inbox/sign-in-actions";
import { SignOutButton } from "@/components/inbox/sign-out-button";
import { ClientMessages } from "@/components/ui/client-messages";
import { StatusScreen } from "@/components/ui/status-screen";

/** In place of a form only its signed-in recipient may open: nothing of the form itself. */
export async function RecipientScreen({
  reason,
  user,
  returnTo,
}: {
  reason: "sign_in" | "someone_else";
  user?: string;
  returnTo: string;
}) {
  const t = await getTranslations("inbox.recipient");
  return reason === "sign_in" ? (
    <StatusScreen title={t("signIn.title")} actions={<SignInLink returnTo={returnTo} />}>
      <p>{t("signIn.body")}</p>
    </StatusScreen>
  ) : (
    <StatusScreen
      title={t("someoneElse.title")}
      tone="warning"
      actions={
        // The inbox's words for its button only: the form pages around it do without them.
        <ClientMessages areas={["inbox"]}>
          <SignOutButton />
        </ClientMessages>
      }
    >
      <p>{t("someoneElse.body", { user: user ?? "" })}</p>
    </StatusScreen>
  );
}
