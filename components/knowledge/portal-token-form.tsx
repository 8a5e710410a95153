import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";

// Built in the component: its message is in the page's language.
const tokenFormSchema = (required: string) =>
  z.object({
    token: z.string().refine((value) => value.trim() !== "", required),
  });
type TokenFormValues = z.infer<ReturnType<typeof tokenFormSchema>>;

/** Asks once for the portal token; nothing is sent until a tool below is used. */
export function PortalTokenForm({
  refused,
  onSave,
}: {
  refused: boolean;
  onSave: (token: string) => void;
}) {
  const t = useTranslations("knowledge.token");
  const schema = useMemo(() => tokenFormSchema(t("required")), [t]);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TokenFormValues>({
    resolver: zodResolver(schema),
    defaultValues: { token: "" },
  });
  const error = errors.token?.message;
  return (
    <form noValidate onSubmit={handleSubmit((values) => onSave(values.token.trim()))}>
      {refused ? (
        <p className="notice notice-error" role="alert">
          {t("refused")}
        </p>
      ) : null}
      <div className="field">
        <label className="field-label" htmlFor="portal-token">
          {t("label")}
        </label>
        <div className="inline-row">
          <input
            id="portal-token"
            className="input"
            type="password"
            autoComplete="off"
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "portal-token-hint portal-token-error" : "portal-token-hint"}
            {...register("token")}
          />
          <Button type="submit" variant="primary">
            {t("use")}
          </Button>
        </div>
        <p id="portal-token-hint" className="field-hint">
          {t.rich("hint", { code: (chunks) => <code>{chunks}</code> })}
        </p>
        {error ? (
          <p id="portal-token-error" className="field-error">
            {error}
          </p>
        ) : null}
      </div>
    </form>
  );
}
