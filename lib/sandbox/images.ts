import { imageDimensions, type Dimensions, type LogoContentType } from '../guestbook/logo';

/** The image types the logo endpoint accepts, recognised by their first bytes (never by the name). */
export type ImageType = LogoContentType;

/** Width and height read from the image header, or null when the header is damaged or declares no pixels. */
export function positiveDimensions(bytes: Uint8Array): Dimensions | null {
  const d = imageDimensions(bytes);
  return d && d.width > 0 && d.height > 0 ? d : null;
}
