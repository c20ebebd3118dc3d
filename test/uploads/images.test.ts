import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_IMAGE_SETTINGS, processImage, type ImageFormat, type ImageSettings, type ProcessedImage } from '../../src/uploads/images.js';
import { alphaPng, animatedGif, avif, csv, pdf, rotatedJpeg, svg, tinyJpeg, webp, widePng } from './sample-files.js';

let inDir: string;
const outDirs: string[] = [];

const files: Record<string, Buffer> = {};

beforeAll(async () => {
  inDir = mkdtempSync(join(tmpdir(), 'quarry-images-in-'));
  const made = { rotated: rotatedJpeg(), alpha: alphaPng(), webp: webp(), tiny: tinyJpeg(), wide: widePng(), gif: animatedGif(), avif: avif() };
  for (const [name, bytes] of Object.entries(made)) files[name] = await bytes;
  Object.assign(files, { svg, pdf, csv, liar: csv });
});
afterAll(() => {
  for (const dir of [inDir, ...outDirs]) rmSync(dir, { recursive: true, force: true });
});

const kinds: Record<string, [ext: string, mime: string]> = {
  rotated: ['.jpg', 'image/jpeg'],
  alpha: ['.png', 'image/png'],
  webp: ['.webp', 'image/webp'],
  tiny: ['.jpg', 'image/jpeg'],
  wide: ['.png', 'image/png'],
  gif: ['.gif', 'image/gif'],
  avif: ['.avif', 'image/avif'],
  svg: ['.svg', 'image/svg+xml'],
  pdf: ['.pdf', 'application/pdf'],
  csv: ['.csv', 'text/csv'],
  liar: ['.jpg', 'image/jpeg'],
};

/** Processes one sample as an upload named `<sample><ext>` with hash `<sample>_abc123`. */
async function process(sample: string, settings?: ImageSettings): Promise<{ image: ProcessedImage | null; outDir: string }> {
  const [ext, mime] = kinds[sample]!;
  const file = join(inDir, sample + ext);
  writeFileSync(file, files[sample]!);
  const outDir = mkdtempSync(join(tmpdir(), 'quarry-images-out-'));
  outDirs.push(outDir);
  const input = { file, name: `${sample}${ext}`, hash: `${sample}_abc123`, ext, mime, path: null };
  return { image: await processImage(input, { outDir, url: (name) => `/uploads/${name}`, ...(settings ? { settings } : {}) }), outDir };
}

/** The size of a format as read back from the file written for it. */
async function written(outDir: string, format: ImageFormat) {
  const path = join(outDir, format.hash + format.ext);
  const meta = await sharp(path).metadata();
  return { width: meta.width, height: meta.height, format: meta.format, bytes: statSync(path).size };
}

describe('images as Strapi processes them', () => {
  it('turns a JPEG upright by its EXIF orientation and makes every format of the upright image', async () => {
    const { image, outDir } = await process('rotated');
    expect(image).toMatchObject({ width: 800, height: 1200 });
    expect((await sharp(image!.file).metadata()).orientation ?? 1).toBe(1);
    expect(Object.keys(image!.formats!)).toEqual(['thumbnail', 'large', 'medium', 'small']);
    const sizes = { thumbnail: [104, 156], large: [667, 1000], medium: [500, 750], small: [333, 500] } as const;
    for (const [key, [width, height]] of Object.entries(sizes)) {
      const format = image!.formats![key]!;
      expect(format).toEqual({
        name: `${key}_rotated.jpg`,
        hash: `${key}_rotated_abc123`,
        ext: '.jpg',
        mime: 'image/jpeg',
        path: null,
        width,
        height,
        size: Math.round(format.sizeInBytes / 10) / 100,
        sizeInBytes: expect.any(Number),
        url: `/uploads/${key}_rotated_abc123.jpg`,
      });
      expect(Object.keys(format)).toEqual(['name', 'hash', 'ext', 'mime', 'path', 'width', 'height', 'size', 'sizeInBytes', 'url']);
      expect(await written(outDir, format)).toEqual({ width, height, format: 'jpeg', bytes: format.sizeInBytes });
    }
    expect(readdirSync(outDir).sort()).toEqual(image!.written.map((path) => path.slice(outDir.length + 1)).sort());
  });

  it('without auto-orientation keeps the stored size and lays the formats on their side, as Strapi does by default', async () => {
    const { image, outDir } = await process('rotated', { ...DEFAULT_IMAGE_SETTINGS, autoOrientation: false });
    expect(image).toMatchObject({ width: 1200, height: 800 });
    expect(await written(outDir, image!.formats!.thumbnail!)).toMatchObject({ width: 234, height: 156 });
  });

  it('with Strapi\'s settings answers as Strapi 5.54 answered on the peer for the same files', async () => {
    // POST /api/upload of each sample on the peer (default settings: autoOrientation off).
    const peer: Record<string, [number, number, Record<string, [number, number]> | null]> = {
      rotated: [1200, 800, { thumbnail: [234, 156], large: [1000, 667], medium: [750, 500], small: [500, 333] }],
      webp: [800, 600, { thumbnail: [208, 156], medium: [750, 562], small: [500, 375] }],
      wide: [2400, 600, { thumbnail: [245, 61], large: [1000, 250], medium: [750, 188], small: [500, 125] }],
      gif: [600, 400, { thumbnail: [234, 156], small: [500, 333] }],
      svg: [300, 200, null],
      tiny: [120, 90, null],
    };
    const strapis = { ...DEFAULT_IMAGE_SETTINGS, autoOrientation: false };
    for (const [sample, [width, height, formats]] of Object.entries(peer)) {
      const { image } = await process(sample, strapis);
      const sizes = image!.formats && Object.fromEntries(Object.entries(image!.formats).map(([key, format]) => [key, [format.width, format.height]]));
      expect({ sample, width: image!.width, height: image!.height, formats: sizes }).toEqual({ sample, width, height, formats });
    }
  });

  it('keeps alpha in a PNG and makes only the formats smaller than the original', async () => {
    const { image, outDir } = await process('alpha');
    expect(image).toMatchObject({ width: 640, height: 480 });
    expect(Object.keys(image!.formats!)).toEqual(['thumbnail', 'small']);
    const small = await sharp(join(outDir, 'small_alpha_abc123.png')).metadata();
    expect(small).toMatchObject({ width: 500, height: 375, format: 'png', hasAlpha: true });
    expect(image!.formats!.thumbnail).toMatchObject({ width: 208, height: 156, mime: 'image/png' });
  });

  it('makes WebP formats in WebP', async () => {
    const { image, outDir } = await process('webp');
    expect(Object.keys(image!.formats!)).toEqual(['thumbnail', 'medium', 'small']);
    expect(await written(outDir, image!.formats!.medium!)).toMatchObject({ width: 750, height: 562, format: 'webp' });
  });

  it('gives an image smaller than every box no format at all', async () => {
    const { image, outDir } = await process('tiny');
    expect(image).toMatchObject({ width: 120, height: 90, formats: null });
    expect(readdirSync(outDir).filter((name) => !name.startsWith('optimized-'))).toEqual([]);
  });

  it('fits a wide image inside each box by its width', async () => {
    const { image, outDir } = await process('wide');
    expect(image).toMatchObject({ width: 2400, height: 600 });
    const expected = { thumbnail: [245, 61], large: [1000, 250], medium: [750, 188], small: [500, 125] } as const;
    for (const [key, [width, height]] of Object.entries(expected)) {
      expect(await written(outDir, image!.formats![key]!)).toMatchObject({ width, height, format: 'png' });
    }
  });

  it('stores an animated GIF as it is and makes animated formats of it, as Strapi 5.54 does', async () => {
    const { image, outDir } = await process('gif');
    expect(image).toMatchObject({ file: join(inDir, 'gif.gif'), width: 600, height: 400, sizeInBytes: null });
    expect(Object.keys(image!.formats!)).toEqual(['thumbnail', 'small']);
    const small = await sharp(join(outDir, 'small_gif_abc123.gif')).metadata();
    expect(small).toMatchObject({ width: 500, height: 333, format: 'gif', pages: 3 });
    expect(image!.formats!.small).toMatchObject({ width: 500, height: 333 });
    expect(image!.formats!.thumbnail).toMatchObject({ width: 234, height: 156 });
  });

  it('reads an SVG’s size and makes no format of it', async () => {
    const { image, outDir } = await process('svg');
    expect(image).toEqual({ file: join(inDir, 'svg.svg'), width: 300, height: 200, sizeInBytes: null, formats: null, written: [] });
    expect(readdirSync(outDir)).toEqual([]);
  });

  it('reads an AVIF’s size (which Strapi 5.54 leaves null: sharp names it heif) and leaves its bytes alone', async () => {
    const { image, outDir } = await process('avif');
    expect(image).toEqual({ file: join(inDir, 'avif.avif'), width: 300, height: 200, sizeInBytes: null, formats: null, written: [] });
    expect(readdirSync(outDir)).toEqual([]);
  });

  it('leaves what is not an image alone', async () => {
    expect((await process('pdf')).image).toBeNull();
    expect((await process('csv')).image).toBeNull();
    // Text named photo.jpg and claimed a JPEG: sharp reads the bytes, not the claim.
    expect((await process('liar')).image).toBeNull();
  });

  it('turns formats off, the thumbnail too; responsiveDimensions off keeps only the thumbnail', async () => {
    const off = await process('wide', { ...DEFAULT_IMAGE_SETTINGS, formats: false });
    expect(off.image).toMatchObject({ width: 2400, height: 600, formats: null });
    expect(readdirSync(off.outDir).filter((name) => !name.startsWith('optimized-'))).toEqual([]);
    const thumbnailOnly = await process('wide', { ...DEFAULT_IMAGE_SETTINGS, responsiveDimensions: false });
    expect(Object.keys(thumbnailOnly.image!.formats!)).toEqual(['thumbnail']);
  });

  it('re-encodes the original at quality 80 and keeps it only when smaller', async () => {
    const { image } = await process('rotated');
    expect(image!.file).not.toBe(join(inDir, 'rotated.jpg'));
    expect(image!.sizeInBytes).toBe(statSync(image!.file).size);
    const kept = await process('rotated', { ...DEFAULT_IMAGE_SETTINGS, sizeOptimization: false, autoOrientation: false });
    expect(kept.image).toMatchObject({ file: join(inDir, 'rotated.jpg'), sizeInBytes: null });
  });

  it('refuses a file that names an image format but does not decode, and leaves nothing behind', async () => {
        const outDir = mkdtempSync(join(tmpdir(), 'quarry-images-out-'));
    outDirs.push(outDir);
    writeFileSync(join(inDir, 'broken.jpg'), files.rotated!.subarray(0, 2000));
    const input = { file: join(inDir, 'broken.jpg'), name: 'broken.jpg', hash: 'broken_abc123', ext: '.jpg', mime: 'image/jpeg' };
    await expect(processImage(input, { outDir, url: (name) => name })).rejects.toMatchObject({ status: 400, name: 'ApplicationError', message: 'File is not a valid image' });
    expect(readdirSync(outDir)).toEqual([]);
  });
});
