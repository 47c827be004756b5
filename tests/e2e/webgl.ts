import sharp from 'sharp';

/**
 * Debian's Chromium with software WebGL (SwiftShader; no GPU here): the launch options of the specs
 * that open a tour. Not `--disable-gpu`, which turns WebGL off.
 */
export const SOFTWARE_WEBGL = {
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--disable-background-networking', '--no-first-run'],
};

/** A 2:1 JPEG "360° photo" for uploads: a colour ramp from `hue`, so each one looks different. */
export async function equirectPhoto(name: string, hue: number, width = 1024): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const height = width / 2;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) pixels.set([((x * 256) / width + hue) % 256, ((y * 256) / height) % 256, (hue * 3) % 256], (y * width + x) * 3);
  const buffer = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg()
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}
