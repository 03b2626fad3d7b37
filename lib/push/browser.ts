/**
 * The browser's side of Web Push and the service worker (client-safe): registering /sw.js, and
 * the VAPID key in the form PushManager.subscribe() takes.
 */
export const SERVICE_WORKER_URL = "/sw.js";

export function pushSupported(): boolean {
  return typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

/** This origin's service worker registration (registered if it was not yet), or null where there is none. */
export async function serviceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return null;
  const existing = await navigator.serviceWorker.getRegistration("/");
  return existing ?? navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: "/" });
}

/** The server's VAPID public key (base64url) as the bytes PushManager.subscribe() wants. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + "=".repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}
