"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";

// The last resort for an error no screen of its own caught: says so in the page's language and
// offers to render the segment again, instead of Next's bare default.
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
