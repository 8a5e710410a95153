import { z } from "zod";
import { submitHumanInputForm } from "@/lib/dify/dify-client";
import { formValueSchema } from "@/lib/dify/schemas";
import { loadFormView } from "@/lib/server/form/load-form-view";
import { readJsonBody } from "@/lib/server/http";
import { otherMethods } from "@/lib/server/route-handler";
import { withFormLink } from "@/lib/server/with-form-link";

// GET /api/forms/{token}: the form as the app's view model, with the app's upload limits.
export const GET = withFormLink("forms.get", async (_request, { token }) =>
  Response.json(await loadFormView(token)),
);

// Only these fields are read from the browser; a `user` it sends is dropped.
const submitBodySchema = z.object({
  inputs: z.record(z.string(), formValueSchema),
  action: z.string().min(1).max(100),
});

// POST /api/forms/{token}: submit the form with the link's verified user.
export const POST = withFormLink(
  "forms.submit",
  async (request, { token, claims }) => {
    const body = submitBodySchema.parse(await readJsonBody(request));
    await submitHumanInputForm(token, { ...body, user: claims.user });
    return Response.json({ ok: true });
  },
  { sameOrigin: true },
);

export const { PUT, PATCH, DELETE } = otherMethods("forms", ["GET", "POST"]);
