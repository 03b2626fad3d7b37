// The back office's service worker (registered by components/pwa/service-worker.tsx).
//
// It keeps NOTHING: no Cache Storage, no page, no answer of the API. Payments, balances and
// approvals are only ever read from the server, signed in, at the moment they are shown; a copy
// on a phone would be stale money data in a pocket. When a page cannot be reached it answers a
// page written here that says so. It also receives Web Push (lib/push) and opens the item a
// notification names.

const OFFLINE_HTML = `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#0f766e"><title>Sem conexão · Back office Pix</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f8fafc;color:#0f172a;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{max-width:26rem;margin:1.5rem;padding:1.5rem;border:1px solid #e2e8f0;border-radius:.75rem;background:#fff}
h1{font-size:1.25rem;margin:0 0 .75rem}p{line-height:1.5;margin:.5rem 0;color:#334155}
button{margin-top:1rem;width:100%;height:2.75rem;border:0;border-radius:.5rem;background:#0f766e;color:#fff;font-size:1rem}
.en{font-size:.875rem;color:#64748b}
@media (prefers-color-scheme:dark){body{background:#020617;color:#f1f5f9}main{background:#0f172a;border-color:#1e293b}p{color:#cbd5e1}}
</style></head>
<body><main>
<h1 id="offline-title">Sem conexão</h1>
<p>O Back office Pix não guarda pagamentos, saldos nem aprovações neste aparelho: nada aparece sem internet, para que você nunca decida com dados velhos.</p>
<p>Conecte-se e tente de novo.</p>
<p class="en" lang="en">You are offline. The Pix back office keeps no payments, balances or approvals on this device: connect and try again.</p>
<button type="button" onclick="location.reload()">Tentar de novo</button>
</main></body></html>`;

self.addEventListener("install", () => {
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
});

// Only page loads are answered here, and only from the network; the offline page when it fails.
self.addEventListener("fetch", (event) => {
  if (event.request.mode !== "navigate") return;
  event.respondWith(
    fetch(event.request).catch(
      () => new Response(OFFLINE_HTML, { status: 503, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" } }),
    ),
  );
});

function sameOrigin(url) {
  try {
    const target = new URL(url, self.location.origin);
    return target.origin === self.location.origin ? target.href : null;
  } catch {
    return null;
  }
}

// A push is { kind, tag, title, body, url, amount, receiver, maker } (lib/push/payload.ts). The tag
// is the item's: "decided" replaces the notification "awaiting" showed, quietly.
self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = {};
  }
  const url = sameOrigin(data.url || "/transfers?view=inbox") || "/";
  event.waitUntil(
    self.registration.showNotification(data.title || "Back office Pix", {
      body: data.body || "",
      tag: data.tag || undefined,
      renotify: data.kind === "awaiting" && Boolean(data.tag),
      silent: data.kind === "decided",
      icon: "/icons/icon-192.png",
      badge: "/icons/maskable-192.png",
      lang: "pt-BR",
      data: { url },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = sameOrigin(event.notification.data && event.notification.data.url) || "/";
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      for (const client of windows) {
        if (sameOrigin(client.url) && "focus" in client) return client.navigate(url).then((c) => (c || client).focus());
      }
      return self.clients.openWindow(url);
    }),
  );
});

// The push service renewed this device's subscription: hand the new one to the server.
self.addEventListener("pushsubscriptionchange", (event) => {
  event.waitUntil(
    fetch("/api/me/push-subscriptions", { credentials: "same-origin", headers: { accept: "application/json" } })
      .then((r) => (r.ok ? r.json() : null))
      .then((answer) => {
        if (!answer || !answer.vapid_public_key) return null;
        const key = answer.vapid_public_key.replace(/-/g, "+").replace(/_/g, "/");
        const raw = atob(key + "=".repeat((4 - (key.length % 4)) % 4));
        const bytes = Uint8Array.from(raw, (c) => c.charCodeAt(0));
        return self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytes });
      })
      .then((subscription) =>
        subscription
          ? fetch("/api/me/push-subscriptions", {
              method: "POST",
              credentials: "same-origin",
              headers: { "content-type": "application/json", accept: "application/json" },
              body: JSON.stringify(subscription.toJSON()),
            })
          : null,
      )
      .catch(() => undefined),
  );
});
