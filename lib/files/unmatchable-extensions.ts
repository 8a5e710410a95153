/** The entries of a field's extension list that no file can match: no dot, or not lower case. */
export function unmatchableExtensions(extensions: readonly string[]): string[] {
  return extensions.filter((entry) => !/^\.[^.]/.test(entry) || entry !== entry.toLowerCase());
}
