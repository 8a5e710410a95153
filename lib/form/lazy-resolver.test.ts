import type { Resolver } from "react-hook-form";
import { describe, expect, it, vi } from "vitest";
import { lazyResolver } from "@/lib/form/lazy-resolver";

type Values = { a: string };
const options = { fields: {}, shouldUseNativeValidation: false };
const result = { values: { a: "x" }, errors: {} };

describe("lazyResolver", () => {
  it("loads the resolver once, at the first check, and checks with it", async () => {
    const inner = vi.fn<Resolver<Values>>(() => result);
    const load = vi.fn(() => Promise.resolve(inner));
    const resolver = lazyResolver(load);
    expect(load).not.toHaveBeenCalled();
    await expect(resolver({ a: "x" }, undefined, options)).resolves.toBe(result);
    await resolver({ a: "y" }, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
    expect(inner).toHaveBeenCalledTimes(2);
    expect(inner).toHaveBeenLastCalledWith({ a: "y" }, undefined, options);
  });

  it("tries the load again at the next check after it failed", async () => {
    const inner: Resolver<Values> = () => result;
    const load = vi
      .fn<() => Promise<Resolver<Values>>>()
      .mockRejectedValueOnce(new Error("chunk failed"))
      .mockResolvedValueOnce(inner);
    const resolver = lazyResolver(load);
    await expect(resolver({ a: "x" }, undefined, options)).rejects.toThrow("chunk failed");
    await expect(resolver({ a: "x" }, undefined, options)).resolves.toBe(result);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
