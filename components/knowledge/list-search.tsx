import { useTranslations } from "next-intl";
import type { ComponentProps } from "react";
import { useForm } from "react-hook-form";
import { useStatusText } from "@/components/knowledge/status-text";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { MAX_KEYWORD_LENGTH } from "@/lib/knowledge/knowledge-list-query";

/** A list's search, in the words of `knowledge.browse.<name>`. */
export function ListSearch({
  name,
  landmark,
  value,
  onSearch,
}: {
  name: "bases" | "documents" | "chunks";
  /** The search landmark's name: which list it searches (one page holds three). */
  landmark: string;
  value: string;
  onSearch: (keyword: string) => void;
}) {
  const t = useTranslations("knowledge.browse");
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ values: { keyword: value } });
  return (
    <form
      role="search"
      aria-label={landmark}
      noValidate
      className="list-search"
      onSubmit={handleSubmit((values) => onSearch(values.keyword.trim()))}
    >
      <FormField
        id={`${name}-search`}
        label={t(`${name}.searchLabel`)}
        error={errors.keyword?.message}
      >
        {(control) => (
          <div className="inline-row">
            <input
              className="input"
              type="search"
              autoComplete="off"
              {...control}
              {...register("keyword", {
                maxLength: {
                  value: MAX_KEYWORD_LENGTH,
                  message: t("searchTooLong", { max: MAX_KEYWORD_LENGTH }),
                },
              })}
            />
            <Button type="submit">{t("search")}</Button>
          </div>
        )}
      </FormField>
    </form>
  );
}

/** A list's search and status filter, in the words of `knowledge.browse.<name>`. */
export function ListFilters({
  name,
  statuses,
  status,
  onStatus,
  ...search
}: ComponentProps<typeof ListSearch> & {
  name: "documents" | "chunks";
  statuses: readonly string[];
  status: string;
  onStatus: (status: string) => void;
}) {
  const t = useTranslations(`knowledge.browse.${name}`);
  const statusText = useStatusText();
  return (
    <div className="list-filters">
      <ListSearch name={name} {...search} />
      <FormField id={`${name}-status`} label={t("statusLabel")}>
        {(control) => (
          <select
            className="select"
            value={status}
            onChange={(event) => onStatus(event.target.value)}
            {...control}
          >
            <option value="">{t("anyStatus")}</option>
            {statuses.map((value) => (
              <option key={value} value={value}>
                {statusText(value)}
              </option>
            ))}
          </select>
        )}
      </FormField>
    </div>
  );
}
