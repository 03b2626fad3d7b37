import http from "node:http";
import https from "node:https";

/**
 * The TLS-terminating reverse proxy of a deployment, in a few lines (what nginx or a load
 * balancer does in front of the back office): https in, plain http to the app, with
 * X-Forwarded-For (the client's address appended), X-Forwarded-Proto and X-Forwarded-Host.
 * Streams both ways, so Server-Sent Events pass through.
 */
export type TlsProxy = { url: string; close(): Promise<void> };

export async function startTlsProxy(o: { port: number; target: string; key: Buffer; cert: Buffer }): Promise<TlsProxy> {
  const target = new URL(o.target);
  const server = https.createServer({ key: o.key, cert: o.cert }, (req, res) => {
    const forwardedFor = [req.headers["x-forwarded-for"], req.socket.remoteAddress].filter(Boolean).join(", ");
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, "x-forwarded-for": forwardedFor, "x-forwarded-proto": "https", "x-forwarded-host": req.headers.host ?? "" },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
      res.end("bad gateway");
    });
    res.on("close", () => upstream.destroy());
    req.pipe(upstream);
  });
  // nginx's keepalive_timeout (75 s), not Node's 5 s: with 5 s, idle sockets left by a page's burst
  // of requests can close together just as the next page reuses them, and Chromium, retrying on one
  // closing socket after another, gives up (net::ERR_TOO_MANY_RETRIES, met once under load).
  server.keepAliveTimeout = 75_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(o.port, "127.0.0.1", resolve);
  });
  return {
    url: `https://localhost:${o.port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
