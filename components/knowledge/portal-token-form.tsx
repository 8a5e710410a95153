import { useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";

/** Asks once for the portal token; nothing is sent until a tool below is used. */
export function PortalTokenForm({
  refused,
  onSave,
}: {
  refused: boolean;
  onSave: (token: string) => void;
}) {
  const t = useTranslations("knowledge.token");
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ defaultValues: { token: "" } });
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
            {...register("token", { validate: (value) => value.trim() !== "" || t("required") })}
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
