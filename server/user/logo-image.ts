/**
 * An uploaded logo is decoded, checked and normalised once, at upload, by sharp (libvips,
 * on libuv's thread pool: the event loop never decodes a pixel). What is stored is a PNG
 * of at most LOGO_BOX pixels; the original is dropped. The header (36 px high, at most
 * 160 wide, at 3x density) and the PDF letterhead (140 x 56 pt, at ~300 dpi) both fit in
 * it, and nothing downstream ever decodes more than that: a 995 KB PNG of 16000 x 16000
 * pixels used to cost each PDF 38 s and 4 GB (issue 31).
 */

/**
 * sharp with libvips, loaded at the first image rather than with the server: most
 * processes (and every test file that builds the app) never decode one. Node keeps the
 * module once loaded, so a later call only looks it up.
 */
const loadSharp = async () => (await import('sharp')).default;

/** More pixels than this and the upload is refused before decoding (a 5000 x 5000 image). */
export const LOGO_MAX_PIXELS = 25_000_000;

/** The stored logo fits in this box (aspect kept, never enlarged). */
export const LOGO_BOX = { width: 600, height: 240 } as const;

/** Why an upload is not a usable logo, in the coach's words. */
export class LogoImageError extends Error {}

/**
 * One image at a time per process: a normalisation takes libuv threads that file reads
 * and writes share, so that parallel uploads of large images from one account cannot
 * starve everyone's static files and logos.
 */
let queue: Promise<unknown> = Promise.resolve();
let queued = 0;
/** Images queued or in work at most; one more is refused (LogoQueueFullError). */
export const LOGO_QUEUE = 8;
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  if (queued >= LOGO_QUEUE) return Promise.reject(new LogoQueueFullError());
  queued += 1;
  const run = queue.then(work, work).finally(() => (queued -= 1));
  queue = run.catch(() => undefined);
  return run;
}

/** LOGO_QUEUE images are waiting already: the upload is refused before decoding. */
export class LogoQueueFullError extends Error {}

/**
 * Decodes an uploaded image (PNG, JPEG or WebP, already sniffed by its bytes), refuses
 * it if it is too large or unreadable, and answers a PNG that fits LOGO_BOX, turned
 * upright by its EXIF orientation, with its metadata (EXIF, GPS, colour profile) left out
 * and converted to sRGB. Animated images keep their first frame.
 * @throws LogoImageError with a sentence for the coach
 * @example const png = await normaliseLogo(await part.toBuffer());
 */
export function normaliseLogo(bytes: Buffer): Promise<Buffer> {
  return oneAtATime(async () => {
    const sharp = await loadSharp();
    let width: number | undefined;
    let height: number | undefined;
    try {
      ({ width, height } = await sharp(bytes).metadata());
    } catch {
      throw new LogoImageError('The logo could not be read: is the file a complete image?');
    }
    if (!width || !height) {
      throw new LogoImageError('The logo could not be read: is the file a complete image?');
    }
    if (width * height > LOGO_MAX_PIXELS) {
      throw new LogoImageError(
        `The logo is ${width} x ${height} pixels; at most ${LOGO_MAX_PIXELS / 1_000_000} megapixels ` +
          `(e.g. 5000 x 5000) are accepted. ${LOGO_BOX.width} x ${LOGO_BOX.height} is plenty.`,
      );
    }
    try {
      return await sharp(bytes, { limitInputPixels: LOGO_MAX_PIXELS, failOn: 'error' })
        .rotate()
        .resize({ ...LOGO_BOX, fit: 'inside', withoutEnlargement: true })
        .toColourspace('srgb')
        .png({ compressionLevel: 9 })
        .toBuffer();
    } catch {
      throw new LogoImageError('The logo could not be read: is the file a complete image?');
    }
  });
}

/**
 * Whether a stored file is small enough to draw without normalising it first: a PNG or
 * JPEG within LOGO_BOX (read from its header only). Logos stored before normalisation
 * existed are drawn only once they pass this (server/user/logo-maintenance.ts).
 */
export async function isNormalisedLogo(bytes: Buffer): Promise<boolean> {
  const sharp = await loadSharp();
  try {
    const { format, width = Infinity, height = Infinity } = await sharp(bytes).metadata();
    return (
      (format === 'png' || format === 'jpeg') &&
      width <= LOGO_BOX.width &&
      height <= LOGO_BOX.height
    );
  } catch {
    return false;
  }
}
