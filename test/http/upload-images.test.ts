/**
 * The `images` option of createQuarry reaches POST /api/upload: with `formats: false` an image
 * is stored with no derived file, with `responsiveDimensions: false` with its thumbnail alone.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createQuarry } from '../../src/index.js';
import type { ImageSettings } from '../../src/uploads/images.js';
import { SCHEMAS, startTestServer } from './support.js';

const jpeg = () => sharp({ create: { width: 800, height: 600, channels: 3, background: '#c33' } }).jpeg().toBuffer();

async function uploadWith(images: Partial<ImageSettings>) {
  const path = mkdtempSync(join(tmpdir(), 'quarry-images-'));
  const quarry = createQuarry({ schemas: SCHEMAS, path, noSync: true, images });
  const server = await startTestServer('node', {}, quarry);
  try {
    const body = new FormData();
    body.append('files', new Blob([await jpeg()], { type: 'image/jpeg' }), 'red.jpg');
    const response = await fetch(`${server.base}/api/upload`, { method: 'POST', body });
    const [file] = JSON.parse(await response.text());
    return { status: response.status, file, stored: (await readdir(quarry.files.folder)).sort() };
  } finally {
    await server.stop();
    await quarry.close();
    rmSync(path, { recursive: true, force: true });
  }
}

describe('image settings on POST /api/upload', () => {
  it('makes the thumbnail and the breakpoints below the image by default', async () => {
    const { status, file, stored } = await uploadWith({});
    expect(status).toBe(201);
    expect(Object.keys(file.formats)).toEqual(['thumbnail', 'medium', 'small']);
    expect(stored).toHaveLength(4);
  });

  it('with formats off stores the image alone, formats null', async () => {
    const { status, file, stored } = await uploadWith({ formats: false });
    expect(status).toBe(201);
    expect(file).toMatchObject({ width: 800, height: 600, formats: null, mime: 'image/jpeg' });
    expect(stored).toEqual([`${file.hash}.jpg`]);
  });

  it('with responsive dimensions off makes the thumbnail alone', async () => {
    const { file, stored } = await uploadWith({ responsiveDimensions: false });
    expect(Object.keys(file.formats)).toEqual(['thumbnail']);
    expect(stored).toEqual([`${file.hash}.jpg`, `thumbnail_${file.hash}.jpg`]);
  });
});
