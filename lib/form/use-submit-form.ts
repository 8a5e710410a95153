import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import type { FieldErrors, UseFormReturn } from "react-hook-form";
import type { ApiClientError } from "@/lib/client/api-client-error";
import { answerKey, fromFormValues } from "@/lib/fields/answer-keys";
import { toSubmissionInputs, type Answers, type FormValues } from "@/lib/form/answers";
import { classifySubmitError } from "@/lib/form/classify-submit-error";
import { submitForm, type FormLinkContext } from "@/lib/form/form-api";
import type { ActionView, FormView } from "@/lib/form/form-view";
import { fieldInputId, focusField } from "@/lib/form/focus-field";
import { formQueryOptions } from "@/lib/form/queries";

/** An answer the form took. `readBack`: its response lost, the form read back answered. */
export type SubmittedAnswer = { action: ActionView; answers: Answers; readBack?: true };

type SubmitFormOptions = {
  link: FormLinkContext;
  form: FormView;
  methods: Pick<UseFormReturn<FormValues>, "handleSubmit" | "setError" | "clearErrors">;
  /** Uploads still running or failed: the answer waits for them. */
  uploads: { uploading: number; failed: number };
  onSubmitted: (submitted: SubmittedAnswer) => void;
  onClosed: (error: ApiClientError) => void;
};

/** Sending a form: one request however many clicks, the uploads waited for, failures shown. */
export function useSubmitForm({
  link,
  form,
  methods,
  uploads,
  onSubmitted,
  onClosed,
}: SubmitFormOptions) {
  const t = useTranslations("form");
  const queryClient = useQueryClient();
  const [rootError, setRootError] = useState<string | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  // One request, however many clicks: the ref closes the gap before React re-renders.
  const inFlight = useRef(false);
  const sent = useRef(false);
  const fieldNames = form.fields.map((field) => field.name);

  const focusFirst = (names: readonly string[]) =>
    requestAnimationFrame(() => {
      const first = names[0];
      if (first) focusField(first, fieldInputId(first));
      else summaryRef.current?.focus();
    });

  const recorded = (submitted: SubmittedAnswer) => {
    sent.current = true;
    onSubmitted(submitted);
  };

  /** Set while an earlier send may have been recorded: its retry meeting "answered" is that. */
  const uncertain = useRef(false);

  const mutation = useMutation({
    mutationFn: ({ action, answers }: SubmittedAnswer) =>
      submitForm(link, { inputs: toSubmissionInputs(form.fields, answers), action: action.id }),
    onSuccess: (_data, submitted) => recorded(submitted),
    onError: async (error, submitted) => {
      const failure = classifySubmitError(error, fieldNames);
      switch (failure.kind) {
        case "answered":
          if (uncertain.current) recorded({ ...submitted, readBack: true });
          else onClosed(failure.error);
          return;
        case "expired":
        case "closed":
          onClosed(failure.error);
          return;
        case "network":
        case "service": {
          // Dify records an answer before it resumes the run, so a failed response may have come
          // after the write: the form is read again. Null: it is still open.
          const found = await queryClient
            .fetchQuery({ ...formQueryOptions(link), staleTime: 0 })
            .then(
              () => null,
              (readError: unknown) => classifySubmitError(readError, fieldNames),
            );
          // Answered now: most likely by this answer (decision 051).
          if (found?.kind === "answered") return recorded({ ...submitted, readBack: true });
          if (found?.kind === "expired" || found?.kind === "closed") return onClosed(found.error);
          // A request still on its way may yet land: a retry that meets "answered" means this one.
          uncertain.current = true;
          setRootError(
            failure.kind === "service" && found === null
              ? t("errors.notSent", { message: failure.message })
              : t("errors.maybeNotSent"),
          );
          focusFirst([]);
          return;
        }
        case "rejected":
          for (const name of failure.fields)
            methods.setError(answerKey(name), { type: "server", message: failure.message });
          setRootError(t("errors.rejected", { message: failure.message }));
          focusFirst(failure.fields);
          return;
        case "unknown":
          setRootError(t("errors.generic"));
          return;
      }
    },
    onSettled: () => {
      inFlight.current = false;
    },
  });

  const onInvalid = (errors: FieldErrors<FormValues>) => {
    setRootError(null);
    // The first problem in the form's own order, not in the order errors were found.
    focusFirst(fieldNames.filter((name) => errors[answerKey(name)]));
  };

  const choose = (action: ActionView) =>
    void methods.handleSubmit((values) => {
      if (inFlight.current) return;
      if (uploads.uploading > 0 || uploads.failed > 0) {
        setRootError(
          uploads.uploading > 0 ? t("errors.stillUploading") : t("errors.uploadsFailed"),
        );
        focusFirst([]);
        return;
      }
      inFlight.current = true;
      setRootError(null);
      methods.clearErrors();
      mutation.mutate({ action, answers: fromFormValues(values) });
    }, onInvalid)();

  return {
    choose,
    pending: mutation.isPending,
    pendingActionId: mutation.isPending ? mutation.variables?.action.id : undefined,
    rootError,
    summaryRef,
    sent,
  };
}
