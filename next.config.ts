import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // PGlite ships WASM and a data bundle it loads from its own package folder.
  serverExternalPackages: ['@electric-sql/pglite', 'exceljs'],
  poweredByHeader: false,
  // The test command runs `tsc --noEmit` on the same tsconfig first, then builds with NEXT_SKIP_TYPECHECK=1
  // instead of type-checking twice (scripts/test-all.sh). Every other build type-checks.
  typescript: { ignoreBuildErrors: process.env.NEXT_SKIP_TYPECHECK === '1' },
  reactStrictMode: true,
  // Pages may be framed only by this origin (the shell's own iframe pages); no MIME sniffing.
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'X-Frame-Options', value: 'SAMEORIGIN' },
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
        ],
      },
    ];
  },
};

export default nextConfig;
