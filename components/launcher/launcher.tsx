"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { StartForm } from "@/components/launcher/start-form";
import { Button } from "@/components/ui/button";
import { StatusScreen } from "@/components/ui/status-screen";
import { ApiClientError } from "@/lib/client/api-client-error";
import { launcherProblem } from "@/lib/launcher/launcher-problem";
import { launchFormQuery } from "@/lib/launcher/queries";

/** The launcher: the configured app's start form, or the screen that says why there is none. */
export function Launcher() {
  const t = useTranslations("launcher");
  const form = useQuery(launchFormQuery);
  const [startError, setStartError] = useState<ApiClientError | null>(null);
  const error = startError ?? form.error;

  if (error) {
    const problem = error instanceof ApiClientError ? launcherProblem(error.code) : null;
    const retry = (
      <Button
        variant="primary"
        onClick={() => {
          setStartError(null);
          void form.refetch();
        }}
      >
        {t("load.retry")}
      </Button>
    );
    return (
      <StatusScreen
        title={problem ? t(`problems.${problem.key}.title`) : t("load.failed")}
        tone={problem?.tone ?? "error"}
        actions={retry}
      >
        <p>{problem ? t(`problems.${problem.key}.text`) : error.message}</p>
      </StatusScreen>
    );
  }
  if (!form.data) {
    return (
      <section className="card" aria-busy="true">
        <p role="status" className="muted">
          <span className="spinner" aria-hidden="true" /> {t("load.loading")}
        </p>
      </section>
    );
  }
  return <StartForm view={form.data} onProblem={setStartError} />;
}
