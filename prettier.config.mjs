/**
 * One format for the code (`npm run format` writes it, `npm run lint` checks it). Imports are
 * ordered: built-ins, packages, then the repo's own modules (`@/…`), then relative ones.
 * @type {import('prettier').Config}
 */
const config = {
  printWidth: 120,
  singleQuote: true,
  trailingComma: 'all',
  plugins: ['@ianvs/prettier-plugin-sort-imports'],
  importOrder: ['<BUILTIN_MODULES>', '<THIRD_PARTY_MODULES>', '', '^@/(.*)$', '', '^[.]'],
  importOrderTypeScriptVersion: '5.0.0',
};

export default config;
