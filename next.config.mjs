import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./lib/i18n/request.ts');

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // Native and WASM packages are loaded from node_modules at run time, not bundled.
  serverExternalPackages: ['@electric-sql/pglite', '@node-rs/argon2', 'pg'],
  typedRoutes: false,
  // `npm test` type-checks the project with Next's route types first (scripts/typecheck.ts), then
  // builds with this set; every other build checks the types itself.
  typescript: { ignoreBuildErrors: process.env.DASHBOARD_TYPECHECKED === '1' },
};

export default withNextIntl(nextConfig);
