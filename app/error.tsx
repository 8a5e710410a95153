"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";

// An error no screen of its own caught, in the page's language with a retry (not Next's default).
export default function AppError({ reset }: { reset: () => void }) {
  const t = useTranslations("appError");
  return (
    <main className="page">
      <section className="card stack" role="alert">
        <h1>{t("title")}</h1>
        <p>{t("body")}</p>
        <p>
          <Button variant="primary" onClick={reset}>
            {t("retry")}
          </Button>
        </p>
      </section>
    </main>
  );
}
