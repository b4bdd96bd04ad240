import { crc32, inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomAnswer } from '../src/modules/captcha/captcha.image.ts';
import { createCaptchaService } from '../src/modules/captcha/captcha.service.ts';
import { CAPTCHA_TEXT, createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { demo: false });
});
afterAll(() => t.close());

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

async function captchaImage(query = '?width=150') {
  const res = await t.app.inject({ method: 'GET', url: `/api/common/common/captcha${query}` });
  expect(res.statusCode).toBe(200);
  const img: string = res.json().img;
  const prefix = 'data:image/png;base64,';
  expect(img.startsWith(prefix)).toBe(true);
  return Buffer.from(img.slice(prefix.length), 'base64');
}

/** Reads a PNG's chunks, checking each checksum, and its pixels as RGBA rows without their filter byte. */
function decodePng(png: Buffer) {
  expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE);
  const chunks: { type: string; data: Buffer }[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    expect(png.readUInt32BE(at + 8 + length), `checksum of ${type}`).toBe(crc32(png.subarray(at + 4, at + 8 + length)));
    chunks.push({ type, data });
    at += 12 + length;
  }
  expect(chunks[0]?.type).toBe('IHDR');
  expect(chunks.at(-1)?.type).toBe('IEND');
  const header = chunks[0]!.data;
  const width = header.readUInt32BE(0);
  const height = header.readUInt32BE(4);
  // 8 bits a channel, colour type 6 (RGBA): what the pixel check below reads.
  expect([header.readUInt8(8), header.readUInt8(9)]).toEqual([8, 6]);
  const raw = inflateSync(Buffer.concat(chunks.filter((c) => c.type === 'IDAT').map((c) => c.data)));
  expect(raw.length).toBe(height * (1 + width * 4));
  const texts = chunks.filter((c) => ['tEXt', 'zTXt', 'iTXt'].includes(c.type)).map((c) => c.data);
  return { width, height, raw, texts, chunkTypes: chunks.map((c) => c.type) };
}

/** Undoes PNG's per-row filters (which store differences from neighbours) to get plain RGBA bytes. */
function unfilter({ width, height, raw }: ReturnType<typeof decodePng>) {
  const stride = width * 4;
  const pixels = Buffer.alloc(height * stride);
  const pixel = (x: number, y: number) => (x >= 0 && y >= 0 ? pixels.readUInt8(y * stride + x) : 0);
  for (let y = 0; y < height; y++) {
    const filter = raw.readUInt8(y * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const [left, up, upLeft] = [pixel(x - 4, y), pixel(x, y - 1), pixel(x - 4, y - 1)];
      const guess = left + up - upLeft;
      const [toLeft, toUp, toUpLeft] = [Math.abs(guess - left), Math.abs(guess - up), Math.abs(guess - upLeft)];
      const paeth = toLeft <= toUp && toLeft <= toUpLeft ? left : toUp <= toUpLeft ? up : upLeft;
      const predictor = [0, left, up, Math.floor((left + up) / 2), paeth][filter] ?? 0;
      pixels[y * stride + x] = (raw.readUInt8(y * (stride + 1) + 1 + x) + predictor) & 0xff;
    }
  }
  return pixels;
}

/** The share of pixels dark enough to be ink rather than the pale background. */
function inkShare(png: ReturnType<typeof decodePng>) {
  const pixels = unfilter(png);
  let dark = 0;
  for (let i = 0; i < pixels.length; i += 4) {
    if (pixels.readUInt8(i) + pixels.readUInt8(i + 1) + pixels.readUInt8(i + 2) < 3 * 140) dark++;
  }
  return dark / (png.width * png.height);
}

describe('the captcha picture', () => {
  it('is a valid PNG of the asked width and a third of it in height', async () => {
    for (const [query, width, height] of [
      ['?width=150', 150, 50],
      ['', 150, 50],
      ['?width=300', 300, 100],
      ['?width=61', 61, 20],
    ] as const) {
      const png = decodePng(await captchaImage(query));
      expect({ width: png.width, height: png.height }).toEqual({ width, height });
      // Glyphs and curves are drawn: some ink, on a background that stays mostly pale.
      expect(inkShare(png)).toBeGreaterThan(0.04);
      expect(inkShare(png)).toBeLessThan(0.45);
    }
  });

  it('does not spell its answer: no SVG, no outline, no text in its bytes or text chunks', async () => {
    const bytes = await captchaImage();
    const png = decodePng(bytes);
    const asText = bytes.toString('latin1').toLowerCase();
    expect(asText).not.toContain(CAPTCHA_TEXT.toLowerCase());
    expect(asText).not.toContain('<path');
    expect(asText).not.toContain('<svg');
    expect(png.texts.map((c) => c.toString('latin1'))).toEqual([]);
    expect(png.chunkTypes.filter((type) => !['IHDR', 'IDAT', 'IEND'].includes(type))).toEqual([]);
  });

  it('differs at each drawing of the same answer', async () => {
    const [first, second] = [await captchaImage(), await captchaImage()];
    expect(first.equals(second)).toBe(false);
    const [a, b] = [decodePng(first).raw, decodePng(second).raw];
    let differing = 0;
    for (let i = 0; i < Math.min(a.length, b.length); i++) if (a.readUInt8(i) !== b.readUInt8(i)) differing++;
    expect(differing / a.length).toBeGreaterThan(0.3);
  });

  it('draws in production a random answer of four characters that are not alike', async () => {
    const answers = Array.from({ length: 500 }, randomAnswer);
    for (const answer of answers) expect(answer).toMatch(/^[ACDEFHKMNPRTUVWXY2-9]{4}$/);
    expect(new Set(answers).size).toBeGreaterThan(490);
    const service = createCaptchaService({ db: t.database.db, enabled: true, secret: 'test-secret' });
    const issued = await service.issue(150);
    expect(issued.captchaEnabled && issued.img.startsWith('data:image/png;base64,')).toBe(true);
  });
});
