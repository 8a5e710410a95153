import "server-only";
import { ApiError } from "@/lib/errors/api-error";

/**
 * The chunks of `source`, failing with file_too_large once they add up to more than `maxBytes`.
 * The source is read by hand, not with `for await`, so a refusal leaves it as it is: the proxy
 * stops reading the body instead of tearing down the parser under it.
 */
export async function* capBytes(source: AsyncIterable<Buffer, void>, maxBytes: number) {
  const chunks = source[Symbol.asyncIterator]();
  let bytes = 0;
  for (;;) {
    const { value, done } = await chunks.next();
    if (done) return;
    bytes += value.length;
    if (bytes > maxBytes) {
      throw ApiError.of("file_too_large", "The file is larger than this app allows.");
    }
    yield value;
  }
}
