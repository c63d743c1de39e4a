/**
 * Makes the web manifest's PNG icons (public/icons/) from the product's logo mark
 * (public/favicon.svg): 192 and 512 px, and a 512 px "maskable" one whose mark sits
 * inside the safe zone (the inner 80 %) on the brand blue. Run after the logo changes:
 * `npx tsx scripts/pwa-icons.mts`; the PNGs are committed.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const root = path.join(import.meta.dirname, '..');
const logo = fs.readFileSync(path.join(root, 'public/favicon.svg'));
const out = path.join(root, 'public/icons');
fs.mkdirSync(out, { recursive: true });

for (const size of [192, 512]) {
  await sharp(logo, { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, `icon-${size}.png`));
}
const inner = Math.round(512 * 0.7);
const mark = await sharp(logo, { density: (72 * inner) / 32 })
  .resize(inner, inner)
  .png()
  .toBuffer();
await sharp({ create: { width: 512, height: 512, channels: 4, background: '#1F4FFF' } })
  .composite([{ input: mark, gravity: 'center' }])
  .png({ compressionLevel: 9 })
  .toFile(path.join(out, 'maskable-512.png'));
