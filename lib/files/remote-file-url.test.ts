import { describe, expect, it } from "vitest";
import { checkRemoteUrl } from "@/lib/files/remote-file-url";

const problemOf = (url: string, insideHosts: string[] = []) => {
  const checked = checkRemoteUrl(url, insideHosts);
  return "problem" in checked ? checked.problem : null;
};

describe("checkRemoteUrl", () => {
  it.each([
    "https://files.example.com/report.pdf",
    "http://93.184.215.14/a.png",
    "https://[2606:4700::1111]/a.png",
  ])("lets %s go", (url) => {
    expect(problemOf(url)).toBeNull();
  });

  it.each([
    ["ftp://files.example.com/a.pdf", "scheme"],
    ["file:///etc/passwd", "scheme"],
    ["javascript:alert(1)", "scheme"],
    ["https://user:secret@files.example.com/a.pdf", "credentials"],
    ["https://user@files.example.com/a.pdf", "credentials"],
    ["not a url", "invalid"],
  ] as const)("refuses %s (%s)", (url, problem) => {
    expect(problemOf(url)).toBe(problem);
  });

  it("refuses a link longer than the upstream takes", () => {
    expect(problemOf(`https://example.com/${"a".repeat(2048)}`)).toBe("invalid");
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
    // IPv4-compatible IPv6 (deprecated, outside 2000::/3): the parser writes it as ::7f00:1.
    "http://[::127.0.0.1]/",
    "http://[::169.254.169.254]/a",
    "http://[100::1]/a",
    "http://169。254。169。254/a",
    "http://%31%36%39.254.169.254/a",
  ])("refuses the inside address of %s", (url) => {
    expect(problemOf(url)).toBe("address");
  });

  // Links that the WHATWG parser and Python's (urllib, httpx) read with different hosts: refused,
  // since one reading is judged and the other fetched.
  it.each([
    ["backslash before @", "http://example.com\\@169.254.169.254/latest/meta-data/x.png"],
    ["backslash as the path", "http://169.254.169.254\\.example.com/x.png"],
    ["tab in the host", "http://exa\tmple.com/x.png"],
    ["newline in the host", "http://example.com\n.169.254.169.254/x.png"],
    ["carriage return", "http://example.com/\r\nHost: 169.254.169.254"],
    ["NUL", "http://example.com\u0000.evil.test/x.png"],
    ["DEL", "http://example.com\u007f/x.png"],
  ])("refuses a link parsers read differently (%s)", (_case, url) => {
    expect(problemOf(url)).toBe("invalid");
  });

  // What the parsers agree on goes upstream in the parser's own spelling.
  it.each([
    ["http://example.com#@169.254.169.254/x.png", "http://example.com/#@169.254.169.254/x.png"],
    ["http://example.com?@169.254.169.254/x.png", "http://example.com/?@169.254.169.254/x.png"],
    ["HTTP://FILES.Example.COM:80/a.pdf", "http://files.example.com/a.pdf"],
    ["https://files.example.com/a b.pdf", "https://files.example.com/a%20b.pdf"],
    ["https://bücher.example/a.pdf", "https://xn--bcher-kva.example/a.pdf"],
    ["  https://files.example.com/a.pdf ", "https://files.example.com/a.pdf"],
  ])("sends %s on as %s", (url, href) => {
    expect(checkRemoteUrl(url)).toMatchObject({ href, host: new URL(href).hostname, named: false });
  });

  it("lets links name the inside hosts the operator names, and only those", () => {
    const hosts = ["files.intranet", "10.0.0.5", "[fd00::5]", "localhost"];
    expect(problemOf("http://10.0.0.5/a.pdf", hosts)).toBeNull();
    expect(problemOf("http://[fd00::5]/a.pdf", hosts)).toBeNull();
    expect(problemOf("http://localhost:443/a.pdf", hosts)).toBeNull();
    expect(problemOf("https://files.intranet/a.pdf", hosts)).toBeNull();
    expect(problemOf("http://10.0.0.6/a.pdf", hosts)).toBe("address");
    expect(problemOf("http://127.0.0.1/a.pdf", hosts)).toBe("address");
    // Public hosts need no naming.
    expect(problemOf("https://files.example.com/a.pdf", hosts)).toBeNull();
  });

  it("names an inside host at the ports its entry gives: 80 and 443 when it gives none", () => {
    const hosts = ["localhost", "files.intranet:8443", "10.0.0.5:80", "[fd00::5]:*"];
    expect(problemOf("http://localhost/a.pdf", hosts)).toBeNull();
    expect(problemOf("http://localhost:8080/a.pdf", hosts)).toBe("address");
    expect(problemOf("http://localhost:6379/a.pdf", hosts)).toBe("address");
    expect(problemOf("https://files.intranet:8443/a.pdf", hosts)).toBeNull();
    expect(checkRemoteUrl("https://files.intranet:8443/a.pdf", hosts)).toMatchObject({
      named: true,
    });
    // A name outside is judged by what it resolves to when fetched: unnamed, not refused here.
    expect(checkRemoteUrl("https://files.intranet/a.pdf", hosts)).toMatchObject({ named: false });
    expect(problemOf("http://10.0.0.5/a.pdf", hosts)).toBeNull();
    expect(problemOf("https://10.0.0.5/a.pdf", hosts)).toBe("address");
    expect(problemOf("http://10.0.0.5:8080/a.pdf", hosts)).toBe("address");
    expect(problemOf("http://[fd00::5]:9000/a.pdf", hosts)).toBeNull();
  });
});
