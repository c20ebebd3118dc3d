/**
 * Real files for the upload tests, made with sharp in the test: images of several formats and
 * sizes, an animated GIF, an SVG, a PDF-like document and plain text.
 */
import sharp from 'sharp';

const solid = (width: number, height: number, background: string, channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background } });

/** A 1200×800 JPEG whose EXIF orientation 6 says: turn it a quarter clockwise to view it (800×1200). */
export const rotatedJpeg = () => solid(1200, 800, '#c33').jpeg({ quality: 95 }).withMetadata({ orientation: 6 }).toBuffer();

/** A 640×480 PNG with a half-transparent background. */
export const alphaPng = () => solid(640, 480, { r: 0, g: 90, b: 200, alpha: 0.5 } as never, 4).png().toBuffer();

/** An 800×600 WebP. */
export const webp = () => solid(800, 600, '#3a3').webp({ quality: 90 }).toBuffer();

/** A 120×90 JPEG: smaller than the thumbnail's box and every breakpoint. */
export const tinyJpeg = () => solid(120, 90, '#888').jpeg().toBuffer();

/** A 2400×600 PNG: wider than every breakpoint. */
export const widePng = () => solid(2400, 600, '#fa0').png().toBuffer();

/** A 300×200 AVIF. */
export const avif = () => solid(300, 200, '#123').avif().toBuffer();

/** A 600×400 GIF of three frames. */
export async function animatedGif(): Promise<Buffer> {
  const frames = await Promise.all(['#f00', '#0f0', '#00f'].map((colour) => solid(600, 400, colour).png().toBuffer()));
  return sharp(frames, { join: { animated: true } }).gif({ delay: [100, 100, 100], loop: 0 }).toBuffer();
}

/** An SVG behind an XML declaration and a comment, 300×200. */
export const svg = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?>\n<!-- a logo -->\n<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200"><rect width="300" height="200" fill="#09c"/></svg>\n',
);

/** The head of a PDF, enough for any sniffer. */
export const pdf = Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

/** CSV text: nothing in its bytes names its type. */
export const csv = Buffer.from('name,stars\nBistro,4\nCafé,5\n');
