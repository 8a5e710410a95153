import "server-only";
import { ApiError } from "@/lib/errors/api-error";

/**
 * The chunks of `source`, failing with file_too_large past `maxBytes`. Read by hand, not with
 * `for await`, so a refusal leaves the source as it is rather than tearing down the parser.
 */
export async function* capBytes(source: AsyncIterable<Buffer, void>, maxBytes: number) {
  const chunks = source[Symbol.asyncIterator]();
  let bytes = 0;
  for (;;) {
    const { value, done } = await chunks.next();
    if (done) return;
    bytes += value.length;
    if (bytes > maxBytes)
      throw ApiError.of("file_too_large", "The file is larger than this app allows.");
    yield value;
  }
}
