import type { MetadataRoute } from "next";

/**
 * The web app manifest (app/manifest.ts serves it at /manifest.webmanifest). Installed, the back
 * office opens standalone on the approver's inbox, the one screen an approver away from the desk
 * comes for. Icons: 192 and 512 px, each also maskable (launchers crop those to their own shape;
 * public/icons/, drawn by lib/pwa/icon-pixels.ts). The words are Portuguese: the people who
 * install it are Brazilian staff.
 */
export const THEME_COLOR = "#0f766e";
export const INBOX_PATH = "/transfers?view=inbox";

export const WEB_APP = {
  id: "/",
  name: "Back office Pix",
  short_name: "Pix",
  description: "Pagamentos Pix da empresa: aprovações, transferências e extratos.",
  lang: "pt-BR",
  dir: "ltr",
  start_url: INBOX_PATH,
  scope: "/",
  display: "standalone",
  orientation: "portrait",
  background_color: "#ffffff",
  theme_color: THEME_COLOR,
  categories: ["finance", "business"],
  icons: [
    { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
    { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
    { src: "/icons/maskable-192.png", sizes: "192x192", type: "image/png", purpose: "maskable" },
    { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
  ],
} satisfies MetadataRoute.Manifest;
