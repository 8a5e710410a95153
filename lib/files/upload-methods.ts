const EVERY_METHOD = ["local_file", "remote_url"];

/** The upload methods a field offers: an empty list means every method, as a server reads it. */
export function uploadMethodsOf(methods: readonly string[]): string[] {
  return methods.length > 0 ? [...methods] : EVERY_METHOD;
}
