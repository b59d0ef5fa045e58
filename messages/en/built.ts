/**
 * The English catalog as the built app reads it: next.config.mjs points `@/messages/en` here. Its
 * files are imported without the JSON attribute, so that the build compiles their messages
 * (`precompile`); index.ts keeps the attribute that plain Node (tests, scripts) needs.
 */
import { loadMessages } from '@/lib/i18n/messages';

export default await loadMessages('en');
