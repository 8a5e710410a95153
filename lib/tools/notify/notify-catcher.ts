import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

// A local mail server and webhook receiver for the demo and the tests: they keep what they are
// sent, and a small page on the HTTP side shows it (`/`, or `/messages.json`).

export type CaughtMessage =
  | { channel: "mail"; to: string; from: string; subject: string; text: string; at: string }
  | { channel: "webhook"; body: unknown; at: string };

const MAX_BODY_BYTES = 1024 * 1024;
const MAX_KEPT = 500;

export type NotifyCatcher = {
  smtpUrl: string;
  webhookUrl: string;
  pageUrl: string;
  messages: CaughtMessage[];
  /** Answer the next `count` webhook calls with this status (a receiver that is down). */
  failWebhooks: (count: number, status?: number) => void;
  close: () => Promise<void>;
};

const listen = (
  server: { listen: (port: number, host: string, cb: () => void) => unknown },
  port: number,
) => new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));

export async function startNotifyCatcher(
  options: { smtpPort?: number; httpPort?: number } = {},
): Promise<NotifyCatcher> {
  const messages: CaughtMessage[] = [];
  const keep = (message: CaughtMessage) => {
    messages.push(message);
    if (messages.length > MAX_KEPT) messages.shift();
  };
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    size: MAX_BODY_BYTES,
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(", ") : mail.to?.text;
          keep({
            channel: "mail",
            to: to ?? "",
            from: mail.from?.text ?? "",
            subject: mail.subject ?? "",
            text: mail.text ?? "",
            at: new Date().toISOString(),
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  let failing = 0;
  let failStatus = 503;
  const http: Server = createServer((request, response) => {
    if (request.method === "POST" && request.url === "/webhook") {
      const chunks: Buffer[] = [];
      let size = 0;
      request.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size <= MAX_BODY_BYTES) chunks.push(chunk);
      });
      request.on("end", () => {
        if (failing > 0) {
          failing--;
          response.writeHead(failStatus).end();
          return;
        }
        try {
          keep({
            channel: "webhook",
            body: JSON.parse(Buffer.concat(chunks).toString("utf8")) as unknown,
            at: new Date().toISOString(),
          });
          response.writeHead(200, { "Content-Type": "text/plain" }).end("ok");
        } catch {
          response.writeHead(400).end();
        }
      });
      return;
    }
    if (request.method === "GET" && request.url === "/messages.json") {
      response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(messages));
      return;
    }
    if (request.method === "GET" && request.url === "/") {
      response
        .writeHead(200, { "Content-Type": "text/html; charset=utf-8" })
        .end(catcherPage(messages));
      return;
    }
    response.writeHead(404).end();
  });
  await listen(smtp, options.smtpPort ?? 0);
  await listen(http, options.httpPort ?? 0);
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  const httpPort = (http.address() as AddressInfo).port;
  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    webhookUrl: `http://127.0.0.1:${httpPort}/webhook`,
    pageUrl: `http://127.0.0.1:${httpPort}/`,
    messages,
    failWebhooks: (count, status = 503) => {
      failing = count;
      failStatus = status;
    },
    close: async () => {
      http.closeAllConnections();
      await Promise.all([
        new Promise<void>((resolve) => smtp.close(() => resolve())),
        new Promise<void>((resolve) => http.close(() => resolve())),
      ]);
    },
  };
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

function catcherPage(messages: CaughtMessage[]): string {
  const items = [...messages]
    .reverse()
    .map((m) =>
      m.channel === "mail"
        ? `<li><strong>Mail to ${escapeHtml(m.to)}</strong> <small>${m.at}</small><br>${escapeHtml(m.subject)}<pre>${escapeHtml(m.text)}</pre></li>`
        : `<li><strong>Webhook</strong> <small>${m.at}</small><pre>${escapeHtml(JSON.stringify(m.body, null, 2))}</pre></li>`,
    )
    .join("");
  return `<!doctype html><html lang="en"><meta charset="utf-8"><meta http-equiv="refresh" content="5"><title>Sent messages</title><main><h1>Sent messages</h1>${items ? `<ul>${items}</ul>` : "<p>Nothing sent yet.</p>"}</main></html>`;
}
