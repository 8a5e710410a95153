"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";

const tokenFormSchema = z.object({
  token: z.string().refine((value) => value.trim() !== "", "Enter the portal token"),
});
type TokenFormValues = z.infer<typeof tokenFormSchema>;

/** Asks once for the portal token; nothing is sent until a tool below is used. */
export function PortalTokenForm({
  refused,
  onSave,
}: {
  refused: boolean;
  onSave: (token: string) => void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TokenFormValues>({
    resolver: zodResolver(tokenFormSchema),
    defaultValues: { token: "" },
  });
  const error = errors.token?.message;
  return (
    <form noValidate onSubmit={handleSubmit((values) => onSave(values.token.trim()))}>
      {refused ? (
        <p className="notice notice-error" role="alert">
          The server refused the portal token. Enter it again to go on; what you entered below is
          kept.
        </p>
      ) : null}
      <div className="field">
        <label className="field-label" htmlFor="portal-token">
          Portal token
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
            Use token
          </Button>
        </div>
        <p id="portal-token-hint" className="field-hint">
          The value of <code>PORTAL_API_TOKEN</code> on this server. It stays in this browser tab
          and is sent only to this app.
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
