// How a person may attach a file to a field: an empty `allowed_file_upload_methods` means every
// method, as a server reads it. One rule for the Human Input form and the launcher.

const EVERY_METHOD = ["local_file", "remote_url"];

/** The upload methods a field offers, from the list its settings give. */
export function uploadMethodsOf(methods: readonly string[]): string[] {
  return methods.length > 0 ? [...methods] : EVERY_METHOD;
}
