import type { NextConfig } from 'next';

/** The BFF lives at /jeecg-boot; another prefix (NEXT_PUBLIC_API_PREFIX, set at build time) is rewritten onto it. */
const apiPrefix = process.env.NEXT_PUBLIC_API_PREFIX?.replace(/\/+$/, '');

const nextConfig: NextConfig = {
  // PGlite ships WASM and a data bundle it loads from its own package folder.
  serverExternalPackages: ['@electric-sql/pglite'],
  poweredByHeader: false,
  reactStrictMode: true,
  async rewrites() {
    return apiPrefix && apiPrefix !== '/jeecg-boot' ? [{ source: `${apiPrefix}/:path*`, destination: '/jeecg-boot/:path*' }] : [];
  },
};

export default nextConfig;
