"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { ChunkDetails } from "@/components/chunk-details";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { ApiClientError } from "@/lib/api-fetch";
import {
  chunkLookupDefaults,
  chunkLookupSchema,
  lookupFieldOf,
  type ChunkLookupValues,
} from "@/lib/chunk-lookup";
import { fetchChunk } from "@/lib/knowledge-api";

const FIELDS: { name: keyof ChunkLookupValues; label: string }[] = [
  { name: "datasetId", label: "Dataset id" },
  { name: "documentId", label: "Document id" },
  { name: "segmentId", label: "Segment id" },
];

/** Opens one chunk by its dataset, document and segment ids and shows it in full. */
export function ChunkViewer({
  token,
  onTokenRefused,
}: {
  token: string | null;
  onTokenRefused: () => void;
}) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ChunkLookupValues>({
    resolver: zodResolver(chunkLookupSchema),
    defaultValues: chunkLookupDefaults(),
  });
  const lookup = useMutation({
    mutationFn: (ids: ChunkLookupValues) => fetchChunk(token ?? "", ids),
    onError: (error) => {
      if (!(error instanceof ApiClientError)) return;
      if (error.status === 401) {
        onTokenRefused();
        return;
      }
      const part = lookupFieldOf(error.message);
      if (part && (error.status === 404 || error.status === 400)) {
        setError(part.field, { type: "server", message: error.message });
      }
    },
  });

  return (
    <section className="card knowledge-section" aria-labelledby="chunk-viewer-title">
      <h2 id="chunk-viewer-title">Open a chunk</h2>
      <form
        noValidate
        className="id-grid"
        onSubmit={handleSubmit((ids) => {
          if (token) lookup.mutate(ids);
        })}
      >
        {FIELDS.map((field) => (
          <TextField
            key={field.name}
            id={`chunk-${field.name}`}
            label={field.label}
            autoComplete="off"
            spellCheck={false}
            error={errors[field.name]?.message}
            {...register(field.name)}
          />
        ))}
        <div className="id-grid-action">
          <Button
            type="submit"
            variant="primary"
            disabled={lookup.isPending}
            busy={lookup.isPending}
          >
            {lookup.isPending ? "Opening…" : "Open chunk"}
          </Button>
        </div>
      </form>
      <div aria-live="polite">
        {lookup.error ? <LookupError error={lookup.error} ids={lookup.variables} /> : null}
        {lookup.data && !lookup.isPending ? <ChunkDetails chunk={lookup.data} /> : null}
      </div>
    </section>
  );
}

function LookupError({ error, ids }: { error: Error; ids: ChunkLookupValues | undefined }) {
  if (error instanceof ApiClientError && error.status === 401) return null;
  if (error instanceof ApiClientError && error.status === 404 && ids) {
    const part = lookupFieldOf(error.message);
    const sentence =
      part?.field === "datasetId"
        ? `There is no dataset “${ids.datasetId}”, or the knowledge key cannot see it.`
        : part?.field === "documentId"
          ? `Dataset “${ids.datasetId}” has no document “${ids.documentId}”.`
          : part?.field === "segmentId"
            ? `Document “${ids.documentId}” has no segment “${ids.segmentId}”.`
            : error.message;
    return (
      <div className="notice notice-error" role="alert">
        <p className="notice-title">{part ? `${capitalize(part.what)} not found` : "Not found"}</p>
        <p>{sentence}</p>
      </div>
    );
  }
  return (
    <p className="notice notice-error" role="alert">
      The chunk could not be opened: {error.message}
    </p>
  );
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
