/**
 * The English catalog, whole, as plain Node reads it (tests, scripts, the e2e runner), which
 * needs the JSON attribute. The built app reads english.built.ts instead (next.config.mjs), so
 * that its messages are compiled as every language's are (`precompile`).
 */
import en from '@/messages/en.json' with { type: 'json' };

export default en;
