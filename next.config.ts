import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // PGlite ships WASM and a data bundle it loads from its own package folder.
  serverExternalPackages: ['@electric-sql/pglite'],
  poweredByHeader: false,
  reactStrictMode: true,
};

export default nextConfig;
