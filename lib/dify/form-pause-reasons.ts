// Apart from the wire's schemas, so the run view reads it without loading zod on the form page.

/** The pause reason types that name an open form: graphon 0.6.0 and later write `hitl_required`. */
export const FORM_PAUSE_REASONS: readonly string[] = ["human_input_required", "hitl_required"];
