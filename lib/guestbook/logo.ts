/** POST /v2/entities/{id}/logo: multipart/form-data, field `file`. */
export const LOGO_FIELD = 'file';
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
