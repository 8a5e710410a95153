"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { apiFetch } from "@/lib/api-fetch";

const launchResultSchema = z.discriminatedUnion("status", [
  z.object({ status: z.literal("paused"), url: z.string(), runId: z.string() }),
  z.object({
    status: z.literal("answered-elsewhere"),
    runId: z.string(),
    nodeTitle: z.string().nullable(),
  }),
  z.object({
    status: z.literal("finished"),
    runId: z.string(),
    outcome: z.string(),
    outputs: z.record(z.string(), z.unknown()),
  }),
]);

/** Starts the configured workflow and opens its form. */
export function Launcher() {
  const router = useRouter();
  const launch = useMutation({
    mutationFn: () =>
      apiFetch("/api/launch", launchResultSchema, { method: "POST", json: { inputs: {} } }),
    onSuccess: (result) => {
      if (result.status === "paused") router.push(result.url);
    },
  });
  const result = launch.data;
  return (
    <section className="card stack" aria-labelledby="launcher-title">
      <h1 id="launcher-title">Start a workflow</h1>
      <p className="muted">
        Runs the configured workflow. When it stops for a person’s answer, its form opens here.
      </p>
      <div>
        <Button
          variant="primary"
          busy={launch.isPending}
          disabled={launch.isPending}
          onClick={() => launch.mutate()}
        >
          {launch.isPending ? "Running…" : "Start the workflow"}
        </Button>
      </div>
      <div aria-live="polite">
        {launch.error ? <p className="notice notice-error">{launch.error.message}</p> : null}
        {result?.status === "paused" ? <p className="muted">Opening the form…</p> : null}
        {result?.status === "answered-elsewhere" ? (
          <p className="notice notice-warning">
            The run is waiting at “{result.nodeTitle ?? "a review step"}”, which is answered
            elsewhere (for example by email).
          </p>
        ) : null}
        {result?.status === "finished" ? (
          <p className="notice notice-success">
            The run finished ({result.outcome}) without asking for an answer.
          </p>
        ) : null}
      </div>
    </section>
  );
}
