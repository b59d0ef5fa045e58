/**
 * The English catalog as the built app reads it: next.config.mjs points `@/lib/i18n/english`
 * here. It is loaded as every language is, without the JSON attribute, so that the build compiles
 * its messages (`precompile`); english.ts keeps the attribute that plain Node needs.
 */
import { loadMessages } from './messages';

export default await loadMessages('en');
