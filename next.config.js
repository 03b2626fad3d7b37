/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite ships WebAssembly and must be loaded by Node, not bundled.
  serverExternalPackages: ["@electric-sql/pglite", "postgres"],
  poweredByHeader: false,
  reactStrictMode: true,
  typescript: { tsconfigPath: "tsconfig.json" },
};

export default nextConfig;
