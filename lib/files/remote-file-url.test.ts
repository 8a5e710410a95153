import { describe, expect, it } from "vitest";
import { remoteUrlProblem } from "@/lib/files/remote-file-url";

describe("remoteUrlProblem", () => {
  it.each([
    "https://files.example.com/report.pdf",
    "http://93.184.215.14/a.png",
    "https://[2606:4700::1111]/a.png",
  ])("lets %s go", (url) => {
    expect(remoteUrlProblem(url)).toBeNull();
  });

  it.each([
    ["ftp://files.example.com/a.pdf", "scheme"],
    ["file:///etc/passwd", "scheme"],
    ["javascript:alert(1)", "scheme"],
    ["https://user:secret@files.example.com/a.pdf", "credentials"],
    ["https://user@files.example.com/a.pdf", "credentials"],
    ["not a url", "invalid"],
  ] as const)("refuses %s (%s)", (url, problem) => {
    expect(remoteUrlProblem(url)).toBe(problem);
  });

  it("refuses a link longer than the upstream takes", () => {
    expect(remoteUrlProblem(`https://example.com/${"a".repeat(2048)}`)).toBe("invalid");
  });

  // Every way of writing an inside address: the URL parser's canonical form is what is judged.
  it.each([
    "http://127.0.0.1/a",
    "http://127.1/a",
    "http://0x7f.0.0.1/a",
    "http://2130706433/a",
    "http://localhost/a",
    "http://LOCALHOST./a",
    "http://app.localhost/a",
    "http://10.0.0.5/a",
    "http://172.16.3.4/a",
    "http://192.168.1.1/a",
    "http://169.254.169.254/latest/meta-data/",
    "http://0.0.0.0/a",
    "http://100.64.0.1/a",
    "http://[::1]/a",
    "http://[::]/a",
    "http://[fe80::1]/a",
    "http://[fd00::1]/a",
    "http://[fc00::1]/a",
    "http://[::ffff:127.0.0.1]/a",
    "http://[::ffff:10.0.0.1]/a",
    "http://[::ffff:169.254.169.254]/a",
    "http://[0:0:0:0:0:ffff:a9fe:a9fe]/a",
    "http://[64:ff9b::a00:1]/a",
    "http://[2002:a00:1::]/a",
  ])("refuses the inside address of %s", (url) => {
    expect(remoteUrlProblem(url)).toBe("address");
  });

  it("keeps to REMOTE_FILE_HOSTS when it is set, and never lets an inside address through it", () => {
    const hosts = ["files.example.com", "10.0.0.5"];
    expect(remoteUrlProblem("https://files.example.com/a.pdf", hosts)).toBeNull();
    expect(remoteUrlProblem("https://FILES.example.com./a.pdf", hosts)).toBeNull();
    expect(remoteUrlProblem("https://other.example.com/a.pdf", hosts)).toBe("host");
    expect(remoteUrlProblem("https://files.example.com.evil.test/a.pdf", hosts)).toBe("host");
    expect(remoteUrlProblem("http://10.0.0.5/a.pdf", hosts)).toBe("address");
  });
});
