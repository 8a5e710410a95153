import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useMemo, useRef, useState, type FormEvent } from "react";
import { useFieldArray, useForm, useWatch } from "react-hook-form";
import { MetadataReview } from "@/components/knowledge/metadata-review";
import { UpdateModeChoice } from "@/components/knowledge/update-mode-choice";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import type { DocumentSelection } from "@/lib/knowledge/document-selection";
import type { MetadataFieldsView } from "@/lib/knowledge/knowledge-views";
import {
  buildSetMetadataSchema,
  planMetadataUpdate,
  type MetadataPlan,
  type SetMetadataValues,
} from "@/lib/knowledge/metadata-plan";

const EMPTY_ENTRY = { fieldId: "", value: "" };

export function MetadataSetter({
  token,
  datasetId,
  fields,
  selection,
  atomicUpdates,
  onTokenRefused,
}: {
  token: string;
  datasetId: string;
  fields: MetadataFieldsView;
  selection: DocumentSelection;
  atomicUpdates: boolean;
  onTokenRefused: () => void;
}) {
  const t = useTranslations("knowledge.browse.set");
  const schema = useMemo(() => buildSetMetadataSchema(fields.fields, t), [fields.fields, t]);
  const {
    control,
    register,
    handleSubmit,
    clearErrors,
    formState: { errors },
  } = useForm<SetMetadataValues>({
    resolver: zodResolver(schema),
    defaultValues: { mode: "merge", entries: [EMPTY_ENTRY] },
  });
  const entries = useFieldArray({ control, name: "entries" });
  const watched = useWatch({ control, name: "entries" });
  const [plan, setPlan] = useState<MetadataPlan | null>(null);
  const reviewRef = useRef<HTMLHeadingElement>(null);
  const byId = new Map(fields.fields.map((field) => [field.id, field]));
  const count = selection.size;
  const entriesError = errors.entries?.message ?? errors.entries?.root?.message;

  const onReview = (event: FormEvent) =>
    void handleSubmit((values) => {
      setPlan(planMetadataUpdate([...selection.values()], fields.fields, values));
      requestAnimationFrame(() => reviewRef.current?.focus());
    })(event);

  return (
    <section className="card knowledge-section" aria-labelledby="set-metadata-title">
      <h2 id="set-metadata-title">{t("title")}</h2>
      {fields.builtInEnabled ? (
        <p className="field-hint">
          {t("builtIn", {
            names: "document_name, uploader, upload_date, last_update_date, source",
          })}
        </p>
      ) : null}
      {count === 0 ? <p className="muted">{t("chooseFirst")}</p> : null}
      <form noValidate onSubmit={onReview}>
        <fieldset className="plain-fieldset" disabled={plan !== null || count === 0}>
          {entries.fields.map((entry, index) => {
            const field = byId.get(watched[index]?.fieldId ?? "");
            const error = errors.entries?.[index];
            const fieldId = `set-entry-${index}-field`;
            const valueId = `set-entry-${index}-value`;
            return (
              <fieldset key={entry.id} className="metadata-row">
                <legend>{t("entry", { number: index + 1 })}</legend>
                <div className="metadata-row-grid">
                  <FormField id={fieldId} label={t("field")} error={error?.fieldId?.message}>
                    {(control) => (
                      <select
                        className="select"
                        {...control}
                        {...register(`entries.${index}.fieldId`)}
                      >
                        <option value="">{t("pickField")}</option>
                        {fields.fields.map((option) => (
                          <option key={option.id} value={option.id}>
                            {t("fieldOption", {
                              name: option.name,
                              type: t(`types.${option.type}`),
                            })}
                          </option>
                        ))}
                      </select>
                    )}
                  </FormField>
                  <FormField
                    id={valueId}
                    label={t("value")}
                    hint={field?.type === "time" ? t("timeHint") : undefined}
                    error={error?.value?.message}
                  >
                    {(control) => (
                      <input
                        className="input"
                        autoComplete="off"
                        type={field?.type === "time" ? "datetime-local" : "text"}
                        inputMode={field?.type === "number" ? "decimal" : undefined}
                        {...control}
                        {...register(`entries.${index}.value`)}
                      />
                    )}
                  </FormField>
                </div>
                <Button variant="ghost" size="small" onClick={() => entries.remove(index)}>
                  {t("remove", { number: index + 1 })}
                </Button>
              </fieldset>
            );
          })}
          {entriesError ? (
            <p className="field-error" role="alert">
              {entriesError}
            </p>
          ) : null}
          <Button
            onClick={() => {
              clearErrors("entries");
              entries.append(EMPTY_ENTRY);
            }}
          >
            {t("add")}
          </Button>
          <UpdateModeChoice idPrefix="set" input={register("mode")} />
          {plan === null ? (
            <div className="actions">
              <Button type="submit" variant="primary">
                {t("review")}
              </Button>
            </div>
          ) : null}
        </fieldset>
      </form>
      {plan ? (
        <MetadataReview
          token={token}
          datasetId={datasetId}
          plan={plan}
          selection={selection}
          atomicUpdates={atomicUpdates}
          headingRef={reviewRef}
          onBack={() => setPlan(null)}
          onTokenRefused={onTokenRefused}
        />
      ) : null}
    </section>
  );
}
