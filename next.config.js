/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite ships WebAssembly and must be loaded by Node, not bundled.
  serverExternalPackages: ["@electric-sql/pglite", "postgres"],
  poweredByHeader: false,
  // Source maps for bench/bundle-composition.ts only (what a page's JavaScript is made of).
  productionBrowserSourceMaps: process.env.BROWSER_SOURCE_MAPS === "1",
  // gzip in the Node server; e2e turns it off (NEXT_COMPRESS=off): on localhost it only costs CPU.
  compress: process.env.NEXT_COMPRESS !== "off",
  reactStrictMode: true,
  typescript: { tsconfigPath: "tsconfig.json" },
};

export default nextConfig;
