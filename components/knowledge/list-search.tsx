import { useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { MAX_KEYWORD_LENGTH } from "@/lib/knowledge/knowledge-list-query";

export function ListSearch({
  id,
  label,
  landmark,
  value,
  onSearch,
}: {
  id: string;
  label: string;
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
  } = useForm<{ keyword: string }>({
    defaultValues: { keyword: value },
    values: { keyword: value },
  });
  return (
    <form
      role="search"
      aria-label={landmark}
      noValidate
      className="list-search"
      onSubmit={handleSubmit((values) => onSearch(values.keyword.trim()))}
    >
      <FormField id={id} label={label} error={errors.keyword?.message}>
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
