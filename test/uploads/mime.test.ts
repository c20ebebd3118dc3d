import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { beforeAll, describe, expect, it } from 'vitest';
import { HEAD_BYTES, kindOf } from '../../src/uploads/mime.js';
import { alphaPng, animatedGif, csv, pdf, rotatedJpeg, svg, webp } from './sample-files.js';

let jpeg: Buffer;
let png: Buffer;
let gif: Buffer;
let webpFile: Buffer;

beforeAll(async () => {
  [jpeg, png, gif, webpFile] = await Promise.all([rotatedJpeg(), alphaPng(), animatedGif(), webp()]);
});

describe('the MIME type comes from the bytes', () => {
  it('names each image format by its bytes, whatever the client claims', async () => {
    expect(await kindOf(jpeg, { mime: 'image/jpeg', filename: 'a.jpg' })).toEqual({ mime: 'image/jpeg', ext: '.jpg' });
    expect(await kindOf(png, { mime: 'image/jpeg', filename: 'lies.jpg' })).toEqual({ mime: 'image/png', ext: '.png' });
    expect(await kindOf(gif)).toEqual({ mime: 'image/gif', ext: '.gif' });
    expect(await kindOf(webpFile, { mime: 'text/plain' })).toEqual({ mime: 'image/webp', ext: '.webp' });
    expect(await kindOf(pdf, { mime: 'image/png', filename: 'cat.png' })).toEqual({ mime: 'application/pdf', ext: '.pdf' });
  });

  it('knows an SVG by its XML root, after a declaration and a comment', async () => {
    expect(await kindOf(svg, { mime: 'text/plain' })).toEqual({ mime: 'image/svg+xml', ext: '.svg' });
    expect(await kindOf(Buffer.from('<svg:svg xmlns:svg="http://www.w3.org/2000/svg"/>'))).toEqual({ mime: 'image/svg+xml', ext: '.svg' });
    // An XML document of another root is XML, whatever it claims.
    expect(await kindOf(Buffer.from('<?xml version="1.0"?><feed/>'), { mime: 'image/svg+xml' })).toEqual({ mime: 'application/xml', ext: '.xml' });
  });

  it('takes the claim only for a type the bytes cannot show, and never one they contradict', async () => {
    expect(await kindOf(csv, { mime: 'text/csv', filename: 'list.CSV' })).toEqual({ mime: 'text/csv', ext: '.csv' });
    expect(await kindOf(csv, { mime: 'application/json; charset=utf-8', filename: 'a.json' })).toEqual({ mime: 'application/json', ext: '.json' });
    expect(await kindOf(csv)).toEqual({ mime: 'text/plain', ext: '.txt' });
    // Text that claims to be a JPEG or an SVG is text.
    expect(await kindOf(csv, { mime: 'image/jpeg', filename: 'photo.jpg' })).toEqual({ mime: 'text/plain', ext: '.txt' });
    expect(await kindOf(csv, { filename: 'logo.svg' })).toEqual({ mime: 'text/plain', ext: '.txt' });
    expect(await kindOf(csv, { filename: 'notes.md' })).toEqual({ mime: 'text/plain', ext: '.md' });
    expect(await kindOf(csv, { mime: 'image/svg+xml' })).toEqual({ mime: 'text/plain', ext: '.txt' });
    // Binary bytes that claim to be text are not text.
    const noise = Buffer.from([0x00, 0x13, 0xfe, 0x80, 0x00, 0x07, 0x42]);
    expect(await kindOf(noise, { mime: 'text/plain', filename: 'x' })).toEqual({ mime: 'application/octet-stream', ext: '' });
    expect(await kindOf(noise, { mime: 'not a type' })).toEqual({ mime: 'application/octet-stream', ext: '' });
  });

  it('reads application/octet-stream as no claim, and gives a name without extension its type\'s, as the peer does', async () => {
    expect(await kindOf(csv, { mime: 'application/octet-stream', filename: 'w.txt' })).toEqual({ mime: 'text/plain', ext: '.txt' });
    expect(await kindOf(csv, { mime: 'text/csv', filename: 'data' })).toEqual({ mime: 'text/csv', ext: '.csv' });
    expect(await kindOf(csv, { mime: 'text/plain', filename: 'blob' })).toEqual({ mime: 'text/plain', ext: '.txt' });
    // A type with no extension known here keeps none.
    expect(await kindOf(csv, { mime: 'text/x-unknown', filename: 'data' })).toEqual({ mime: 'text/x-unknown', ext: '' });
  });

  it('reads only the head of a stream and hands every byte back', async () => {
    const big = Buffer.concat([png, Buffer.alloc(HEAD_BYTES * 4, 7)]);
    let pulled = 0;
    const source = Readable.from(
      (function* () {
        for (let at = 0; at < big.length; at += 16 * 1024) {
          pulled += 1;
          yield big.subarray(at, at + 16 * 1024);
        }
      })(),
    );
    const { kind, stream } = await kindOf(source, { mime: 'image/gif' });
    expect(kind).toEqual({ mime: 'image/png', ext: '.png' });
    expect(pulled).toBeLessThan(big.length / (16 * 1024));
    expect((await buffer(stream)).equals(big)).toBe(true);
  });

  it('hands back a stream shorter than the head whole', async () => {
    const { kind, stream } = await kindOf(Readable.from([svg.subarray(0, 40), svg.subarray(40)]));
    expect(kind.mime).toBe('image/svg+xml');
    expect((await buffer(stream)).equals(svg)).toBe(true);
    const empty = await kindOf(Readable.from([]));
    expect(empty.kind).toEqual({ mime: 'text/plain', ext: '.txt' });
    expect((await buffer(empty.stream)).length).toBe(0);
  });
});
