import sharp from 'sharp';
import { ApiError } from './errors';

/** The largest image (in pixels) an upload may decode to: a 2 MB file must not expand into gigabytes. */
const MAX_PIXELS = 40_000_000;

/**
 * An uploaded image, decoded and encoded again in its own format: whatever was not the picture
 * goes — metadata (EXIF with a photo's GPS position, comments, XMP), chunks after the image's end, a
 * second file hidden in it (a PNG that is also HTML). The orientation its EXIF gave is applied to
 * the pixels first. Anything that does not decode cleanly as an image is refused (400).
 */
export async function cleanImage(bytes: Uint8Array, extension: 'png' | 'jpg' | 'webp'): Promise<Buffer> {
  try {
    const image = sharp(bytes, { failOn: 'warning', limitInputPixels: MAX_PIXELS }).rotate();
    const encoded =
      extension === 'png' ? image.png({ compressionLevel: 9 }) : extension === 'jpg' ? image.jpeg({ quality: 90 }) : image.webp({ quality: 90 });
    return await encoded.toBuffer();
  } catch {
    throw new ApiError(400, 'image_not_clean');
  }
}
