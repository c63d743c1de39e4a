import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded logos live: `DATA_DIR/uploads/logos/`, served at `/files/logos/`. The
 * routes only see `save` and `remove`, so that S3-compatible storage can take this
 * file's place later.
 */
export const LOGO_URL_PREFIX = '/files/logos/';

export type ImageType = 'png' | 'jpg' | 'webp';

/**
 * The image type by its first bytes (magic numbers), never by the file's name or the
 * declared content type, which the client chooses. SVG is refused on purpose: it may
 * carry script.
 * @example sniffImage(await fs.readFile('logo.png')) // 'png'
 */
export function sniffImage(bytes: Buffer): ImageType | undefined {
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (bytes.subarray(0, 8).equals(png)) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  const riff = bytes.subarray(0, 4).toString('latin1');
  if (riff === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  return undefined;
}

export interface LogoStore {
  /** Stores the image under a new, unguessable name; answers its public URL. */
  save(accountId: string, type: ImageType, bytes: Buffer): Promise<string>;
  /** Deletes a logo by its URL; URLs not made by `save` are ignored. */
  remove(logoUrl: string | null): Promise<void>;
}

export function logosDir(dataDir: string): string {
  return path.join(dataDir, 'uploads', 'logos');
}

export function localLogoStore(dataDir: string): LogoStore {
  const dir = logosDir(dataDir);
  // Beside the logos (same file system, so the rename is atomic), apart from what is served.
  const tmpDir = path.join(dataDir, 'uploads', 'tmp');
  return {
    async save(accountId, type, bytes) {
      await fs.mkdir(dir, { recursive: true });
      await fs.mkdir(tmpDir, { recursive: true });
      const name = `${accountId}-${randomBytes(16).toString('hex')}.${type}`;
      const temporary = path.join(tmpDir, name);
      try {
        // Written aside and renamed, so that a reader never gets half a file.
        await fs.writeFile(temporary, bytes, { flag: 'wx' });
        await fs.rename(temporary, path.join(dir, name));
      } catch (error) {
        await fs.rm(temporary, { force: true });
        throw error;
      }
      return `${LOGO_URL_PREFIX}${name}`;
    },

    async remove(logoUrl) {
      if (!logoUrl?.startsWith(LOGO_URL_PREFIX)) return;
      const name = logoUrl.slice(LOGO_URL_PREFIX.length);
      // Only names of our own shape: a stored URL never becomes a path outside `dir`.
      if (!/^[0-9a-f-]{36}-[0-9a-f]{32}\.(png|jpg|webp)$/.test(name)) return;
      await fs.rm(path.join(dir, name), { force: true });
    },
  };
}
