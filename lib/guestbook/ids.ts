/**
 * An id as the API writes one (a UUID), in a module of its own: the browser's code can test an id
 * without loading the search filters' parser, which tests ids with it too.
 */
export const UUID_PATTERN = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

export const UUID_RE = new RegExp(`^${UUID_PATTERN}$`, 'i');
