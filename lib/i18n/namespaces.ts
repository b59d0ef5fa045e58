import type { Messages } from './messages';

/**
 * The catalogs' namespaces, one per feature: the top-level keys of `messages/<locale>.json`. A new
 * namespace is added to `messages/en.json`, then to every other language's file.
 */
export type Namespace = keyof Messages;
