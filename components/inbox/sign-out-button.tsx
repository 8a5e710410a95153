"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { useSignOut } from "@/lib/inbox/use-sign-out";

export function SignOutButton() {
  const t = useTranslations("inbox");
  const signOut = useSignOut();
  return (
    <div className="stack">
      <Button
        variant="ghost"
        size="small"
        busy={signOut.isPending}
        disabled={signOut.isPending}
        onClick={() => signOut.mutate()}
      >
        {t("signOut")}
      </Button>
      {signOut.isError ? <p role="alert">{signOut.error.message}</p> : null}
    </div>
  );
}
