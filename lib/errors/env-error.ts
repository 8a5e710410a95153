const ENV_ERROR = Symbol.for("dify-human-input.env-error");

/** The environment is not valid; its message names each variable (for the log, not a caller). */
export class EnvError extends Error {
  // Thrown from whichever route bundle's copy of the settings first read them (see ApiError).
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && ENV_ERROR in value;
  }
  readonly [ENV_ERROR] = true;
  override name = "EnvError";
}
