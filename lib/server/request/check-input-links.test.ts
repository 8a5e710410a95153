import { describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/errors/api-error";
import { checkInputLinks } from "@/lib/server/request/check-input-links";

vi.mock("node:dns/promises", () => ({
  lookup: vi.fn((host: string) => {
    if (host === "files.example") return Promise.resolve([{ address: "93.184.215.14", family: 4 }]);
    if (host === "rebind.example" || host === "files.intranet")
      return Promise.resolve([{ address: "10.0.0.7", family: 4 }]);
    return Promise.reject(new Error(`getaddrinfo ENOTFOUND ${host}`));
  }),
}));

const remote = (url: string) => ({ type: "document", transfer_method: "remote_url", url });

describe("checkInputLinks", () => {
  it("refuses a link whose name resolves inside, as the link check does", async () => {
    const refused = await checkInputLinks(
      { docs: [remote("https://files.example/a.pdf"), remote("https://rebind.example/a.pdf")] },
      [],
    ).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).message).toBe(
      "The link in input 'docs' must not point at a local, private or link-local address.",
    );
  });

  it("lets a name the operator named reach inside, and a public or unknown name go on", async () => {
    await expect(
      checkInputLinks(
        {
          docs: [remote("https://files.intranet/a.pdf"), remote("https://files.example/b.pdf")],
          scan: remote("https://nowhere.example/c.png"),
          comment: "https://rebind.example/ is only text",
        },
        ["files.intranet"],
      ),
    ).resolves.toBeUndefined();
    await expect(
      checkInputLinks({ docs: [remote("https://files.intranet:8443/a.pdf")] }, ["files.intranet"]),
    ).rejects.toThrow(/must not point at a local/);
  });
});
