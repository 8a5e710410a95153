import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useMemo, useRef, useState, type FormEvent } from "react";
import { useFieldArray, useForm, useWatch } from "react-hook-form";
import { ApiClientError } from "@/lib/client/api-client-error";
import type { DocumentSelection } from "@/lib/knowledge/document-selection";
import type { MetadataFieldsView } from "@/lib/knowledge/knowledge-views";
import { applyInBatches, splitIntoBatches } from "@/lib/knowledge/metadata-batches";
import {
  buildMetadataSchema,
  describeMetadataError,
  metadataEditorDefaults,
  parseDocumentIds,
  type MetadataEditorValues,
} from "@/lib/knowledge/metadata-editor-form";
import { planMetadataUpdate, type MetadataPlan } from "@/lib/knowledge/metadata-plan";
import { baseQueryKey, sendMetadataUpdate } from "@/lib/knowledge/queries";

/** Whose metadata the editor sets: documents chosen in the browser, or ids typed by hand. */
export type MetadataTarget =
  | {
      kind: "chosen";
      datasetId: string;
      fields: MetadataFieldsView;
      selection: DocumentSelection;
    }
  | { kind: "byHand" };

/** The portal token, and how the upstream applies a request (see the knowledge status). */
export type MetadataSession = {
  token: string;
  atomicUpdates: boolean;
  onTokenRefused: () => void;
};

type Review = { datasetId: string; plan: MetadataPlan; batches: number };
type Failure = {
  message: string;
  updated: readonly string[];
  failed: readonly string[];
  notSent: readonly string[];
};

/** editing → reviewing → sending → editing (updated) or reviewing again (failed, or token asked). */
export type MetadataEditorStep =
  | {
      kind: "editing";
      updated: { datasetId: string; count: number; mode: MetadataPlan["mode"] } | null;
    }
  | {
      kind: "reviewing";
      review: Review;
      sending: boolean;
      progress: { done: number; total: number } | null;
      failure: Failure | null;
    };

/** The metadata editor's state: the entries, the review of what will be sent, and the sending. */
export function useMetadataEditor(
  target: MetadataTarget,
  { token, atomicUpdates, onTokenRefused }: MetadataSession,
) {
  const t = useTranslations("knowledge");
  const queryClient = useQueryClient();
  const known = target.kind === "chosen" ? target.fields.fields : null;
  const schema = useMemo(() => buildMetadataSchema(t, known), [t, known]);
  const form = useForm<MetadataEditorValues>({
    resolver: zodResolver(schema),
    defaultValues: metadataEditorDefaults(),
  });
  const entries = useFieldArray({ control: form.control, name: "entries" });
  const documentIds = useWatch({ control: form.control, name: "documentIds" });
  const [step, setStep] = useState<MetadataEditorStep>({ kind: "editing", updated: null });
  const statusRef = useRef<HTMLDivElement>(null);
  const reviewRef = useRef<HTMLHeadingElement>(null);
  const focusLater = (ref: { current: HTMLElement | null }) =>
    requestAnimationFrame(() => ref.current?.focus());

  const names = (ids: readonly string[]) =>
    ids.map((id) => (target.kind === "chosen" ? target.selection.get(id)?.name : null) ?? id);

  const review = (event: FormEvent) =>
    void form.handleSubmit((values) => {
      const datasetId = target.kind === "chosen" ? target.datasetId : values.datasetId.trim();
      const documents =
        target.kind === "chosen"
          ? [...target.selection.values()]
          : parseDocumentIds(values.documentIds).ids.map((id) => ({ id, name: id, values: null }));
      const plan = planMetadataUpdate(documents, known, values);
      const batches = splitIntoBatches(plan.operations).length;
      setStep({
        kind: "reviewing",
        review: { datasetId, plan, batches },
        sending: false,
        progress: null,
        failure: null,
      });
      focusLater(reviewRef);
    })(event);

  const send = async () => {
    if (step.kind !== "reviewing" || step.sending) return;
    const { review } = step;
    const { datasetId, plan } = review;
    form.clearErrors();
    setStep({ ...step, sending: true, progress: null, failure: null });
    const result = await applyInBatches(
      plan.operations,
      (batch) => sendMetadataUpdate(token, { datasetId, body: { operation_data: batch } }),
      (done, total) =>
        setStep((now) => (now.kind === "reviewing" ? { ...now, progress: { done, total } } : now)),
    );
    // Every read of the base is fetched again, to show what the server holds now.
    void queryClient.invalidateQueries({ queryKey: baseQueryKey(datasetId) });
    if (!result.failed) {
      setStep({
        kind: "editing",
        updated: { datasetId, count: result.updated.length, mode: plan.mode },
      });
      focusLater(statusRef);
      return;
    }
    const { error, documents } = result.failed;
    const described = error instanceof ApiClientError;
    const view = described ? describeMetadataError(error, atomicUpdates, t) : null;
    if (view?.tokenRefused) {
      // The review stays open: once the token is entered again, the same request goes.
      onTokenRefused();
      setStep({ kind: "reviewing", review, sending: false, progress: null, failure: null });
      return;
    }
    for (const { field, message } of view?.fields ?? [])
      form.setError(field, { type: "server", message });
    setStep({
      kind: "reviewing",
      review,
      sending: false,
      progress: null,
      failure: {
        message: view?.root ?? t("metadata.errors.generic"),
        updated: names(result.updated),
        failed: names(documents),
        notSent: names(result.notSent),
      },
    });
    focusLater(reviewRef);
  };

  const back = () => setStep({ kind: "editing", updated: null });

  return {
    form,
    entries,
    step,
    statusRef,
    reviewRef,
    review,
    send: () => void send(),
    back,
    /** The documents the form names now: the chosen ones, or the ids typed by hand. */
    documentCount:
      target.kind === "chosen" ? target.selection.size : parseDocumentIds(documentIds).ids.length,
    atomicUpdates,
  };
}
