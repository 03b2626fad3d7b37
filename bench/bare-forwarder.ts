/**
 * The cheapest proxy there can be, for comparison only: a bare Node HTTP server that adds the
 * bearer token and pipes the provider's bytes back untouched (no session, no validation, no log).
 * It runs in its own process, so its CPU is not counted as the sandbox's or the bench's.
 *
 *   tsx bench/bare-forwarder.ts --port 4320 --upstream http://127.0.0.1:4310 --token <bearer>
 *
 * Prints "forwarder listening on <port>" once it accepts connections.
 */
import http from "node:http";
import { argOr } from "./cli";

const port = Number(argOr("port", "4320"));
const upstream = new URL(argOr("upstream", "http://127.0.0.1:4310"));
const token = argOr("token", "");
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

const server = http.createServer((req, res) => {
  const forwarded = http.request(
    {
      host: upstream.hostname,
      port: upstream.port,
      path: req.url,
      method: req.method,
      agent,
      headers: { accept: "application/json", authorization: `Bearer ${token}` },
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  forwarded.on("error", () => {
    res.writeHead(502, { "content-type": "application/json" });
    res.end('{"error":"upstream unreachable"}');
  });
  req.pipe(forwarded);
});

server.keepAliveTimeout = 65_000;
server.listen(port, "127.0.0.1", () => console.log(`forwarder listening on ${port}`));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
