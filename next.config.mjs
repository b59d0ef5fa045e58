import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin({
  requestConfig: './lib/i18n/request.ts',
  experimental: {
    // The catalogs' ICU messages are compiled when the app is built, so neither the browser nor the
    // server ships or runs a message parser (docs/performance.md, Lighthouse).
    messages: { path: './messages', format: 'json', locales: 'infer', precompile: true },
  },
});

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // Behind a reverse proxy that compresses (DASHBOARD_COMPRESSION=host, docs/operations.md), the
  // processes send their answers as they are: the proxy's gzip or brotli replaces Node's gzip,
  // which would otherwise take a share of every page view's time and keep the proxy's brotli off.
  compress: process.env.DASHBOARD_COMPRESSION !== 'host',
  reactStrictMode: true,
  // Native and WASM packages are loaded from node_modules at run time, not bundled.
  serverExternalPackages: ['@electric-sql/pglite', '@node-rs/argon2', 'pg'],
  typedRoutes: false,
  // `npm test` type-checks the project (test:static, `next typegen && tsc --noEmit`) before the
  // build of its e2e step, which need not check it again (34 s on 2 cores). Every other build does.
  typescript: { ignoreBuildErrors: process.env.npm_lifecycle_event === 'test:e2e' },
  // The English catalog with its messages compiled, as the other languages are (lib/i18n/english.built.ts).
  turbopack: { resolveAlias: { '@/lib/i18n/english': './lib/i18n/english.built.ts' } },
  experimental: {
    // A page's own code in a few larger scripts rather than about fifteen small ones: on a phone's
    // connection each request costs a round trip before its bytes (docs/performance.md, Lighthouse).
    turbopackChunking: { minChunkSize: 400_000 },
  },
};

export default withNextIntl(nextConfig);
