import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { use, useEffect, useEffectEvent, useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { ChunkDetails } from "@/components/knowledge/chunk-details";
import { KnowledgeSession } from "@/components/knowledge/knowledge-session";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { ApiClientError } from "@/lib/client/api-client-error";
import {
  buildChunkLookupSchema,
  lookupProblemOf,
  type ChunkLookupValues,
} from "@/lib/knowledge/chunk-lookup";
import { chunkQuery, type ChunkIds } from "@/lib/knowledge/queries";

const FIELDS = ["datasetId", "documentId", "segmentId"] as const;

export function ChunkViewer({ token }: { token: string | null }) {
  const t = useTranslations("knowledge");
  const { onTokenRefused } = use(KnowledgeSession);
  const schema = useMemo(() => buildChunkLookupSchema(t), [t]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ChunkLookupValues>({
    resolver: zodResolver(schema),
    defaultValues: { datasetId: "", documentId: "", segmentId: "" },
  });
  const [ids, setIds] = useState<ChunkIds | null>(null);
  const query = useQuery({
    ...chunkQuery(token ?? "", ids ?? { datasetId: "", documentId: "", segmentId: "" }),
    enabled: token !== null && ids !== null,
  });
  const { error, errorUpdatedAt, isFetching: pending } = query;
  // Heard once per failed answer.
  const onError = useEffectEvent((error: Error) => {
    if (!(error instanceof ApiClientError)) return;
    if (error.status === 401) {
      onTokenRefused();
      return;
    }
    const problem = lookupProblemOf(error);
    if (problem) setError(problem.field, { type: "server", message: problem.message });
  });
  useEffect(() => {
    if (error && !pending) onError(error);
  }, [error, errorUpdatedAt, pending]);

  return (
    <section className="card knowledge-section" aria-labelledby="chunk-viewer-title">
      <h2 id="chunk-viewer-title">{t("chunk.title")}</h2>
      <form
        noValidate
        className="id-grid"
        onSubmit={handleSubmit((next) => {
          if (!token) return;
          // The same ids again ask afresh.
          if (JSON.stringify(next) === JSON.stringify(ids)) void query.refetch();
          else setIds(next);
        })}
      >
        {FIELDS.map((field) => (
          <TextField
            key={field}
            id={`chunk-${field}`}
            label={t(`ids.${field}`)}
            autoComplete="off"
            spellCheck={false}
            error={errors[field]?.message}
            {...register(field)}
          />
        ))}
        <div className="id-grid-action">
          <Button type="submit" variant="primary" disabled={pending} busy={pending}>
            {pending ? t("chunk.opening") : t("chunk.open")}
          </Button>
        </div>
      </form>
      <div aria-live="polite">
        {error && !pending ? <LookupError error={error} ids={ids} /> : null}
        {query.data && !pending ? <ChunkDetails chunk={query.data} /> : null}
      </div>
    </section>
  );
}

const NO_SUCH = {
  datasetId: "noDataset",
  documentId: "noDocument",
  segmentId: "noSegment",
} as const;

function LookupError({ error, ids }: { error: Error; ids: ChunkLookupValues | null }) {
  const t = useTranslations("knowledge.chunk");
  if (error instanceof ApiClientError && error.status === 401) return null;
  if (error instanceof ApiClientError && error.status === 404 && ids) {
    const part = lookupProblemOf(error);
    const names = { dataset: ids.datasetId, document: ids.documentId, segment: ids.segmentId };
    const sentence = part ? t(NO_SUCH[part.field], names) : error.message;
    return (
      <div className="notice notice-error" role="alert">
        <p className="notice-title">{t(`notFound.${part ? part.field : "other"}`)}</p>
        <p>{sentence}</p>
      </div>
    );
  }
  return (
    <p className="notice notice-error" role="alert">
      {t("failed", { message: error.message })}
    </p>
  );
}
