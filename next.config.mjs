import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./lib/i18n/request.ts');

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // Native and WASM packages are loaded from node_modules at run time, not bundled.
  serverExternalPackages: ['@electric-sql/pglite', '@node-rs/argon2', 'pg'],
  typedRoutes: false,
  experimental: {
    // A page's own code in a few larger scripts rather than about fifteen small ones: on a phone's
    // connection each request costs a round trip before its bytes (docs/performance.md, Lighthouse).
    turbopackChunking: { minChunkSize: 400_000 },
  },
  // `npm test` type-checks the project with Next's route types first (scripts/typecheck.ts), then
  // builds with this set; every other build checks the types itself.
  typescript: { ignoreBuildErrors: process.env.DASHBOARD_TYPECHECKED === '1' },
};

export default withNextIntl(nextConfig);
