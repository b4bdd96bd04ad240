import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { FILE_CHUNK_BYTES } from '../src/modules/files/file-storage.ts';
import { removeOrphanFiles } from '../src/modules/files/files.scheduler.ts';
import { PDF, as, multipart, pdfOfSize as pdfOf, projectBody, signInAs, upload } from './factories.ts';
import { bearer, createTestApp, signInSupplier, type TestApp } from './test-app.ts';

let t: TestApp;
let supplierA: string;
let supplierB: string;
let admin: string;
const dataDir = path.join(tmpdir(), `lvb-files-test-${process.pid}-${Date.now()}`);
beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: dataDir });
  supplierA = await signInSupplier(t, '13900000001');
  supplierB = await signInSupplier(t, '13900000002');
  admin = await signInAs(t, 'admin');
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a1a3a5f30000000049454e44ae426082',
  'hex',
);

describe('upload', () => {
  it('stores an allowed file under a server-made name and answers fileName', async () => {
    const res = await upload(t, supplierA, [{ name: 'qualification.pdf', bytes: PDF }]);
    expect(res.json()).toMatchObject({
      code: 200,
      fileName: expect.stringMatching(/^[a-f0-9]{32}\.pdf$/),
      originalFilename: 'qualification.pdf',
    });
    const img = await upload(t, supplierA, [{ name: 'logo.PNG', bytes: PNG }]);
    expect(img.json()).toMatchObject({ code: 200, fileName: expect.stringMatching(/\.png$/) });
    const txt = await upload(t, supplierA, [
      { name: 'notes.txt', bytes: Buffer.from('Site visit on Monday.\nBring the permit.\n') },
    ]);
    expect(txt.json().code).toBe(200);
  });

  it('refuses a file whose content does not match its name', async () => {
    const res = await upload(t, supplierA, [{ name: 'report.pdf', bytes: PNG }]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 500, msg: 'report.pdf: the content of the file is not a pdf file' });
    const exe = await upload(t, supplierA, [
      { name: 'notes.txt', bytes: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00]) },
    ]);
    expect(exe.json().code).toBe(500);
  });

  it('refuses a type that is not allowed, an oversized file, and too many files', async () => {
    expect((await upload(t, supplierA, [{ name: 'run.exe', bytes: PDF }])).json().msg).toMatch(
      /^run.exe: the file type must be one of doc, xls, ppt, txt, pdf/,
    );
    const big = Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024 + 10, 0x20)]);
    expect((await upload(t, supplierA, [{ name: 'big.pdf', bytes: big }])).json()).toEqual({
      code: 500,
      msg: 'big.pdf: the file is larger than 5 MB',
    });
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `f${i}.pdf`, bytes: PDF }));
    const many = await upload(t, supplierA, six);
    expect(many.json()).toEqual({ code: 500, msg: 'the number of uploaded files cannot exceed 5' });
    expect((await upload(t, supplierA, [])).json().code).toBe(500);
  });

  it('needs a signed-in user, and the letter-template upload its permission', async () => {
    const body = multipart([{ name: 'a.pdf', bytes: PDF }]);
    expect(
      (
        await t.app.inject({ method: 'POST', url: '/common/upload', payload: body.payload, headers: body.headers })
      ).json().code,
    ).toBe(50000);
    expect(
      (await upload(t, supplierA, [{ name: 'seal.png', bytes: PNG }], '/api/letter/letterModel/uploadFile')).statusCode,
    ).toBe(403);
    const ok = await upload(t, admin, [{ name: 'seal.png', bytes: PNG }], '/api/letter/letterModel/uploadFile');
    expect(ok.json()).toMatchObject({ code: 200, fileName: expect.stringMatching(/\.png$/) });
  });
});

describe('download', () => {
  it('answers the bytes as an attachment with nosniff to the owner', async () => {
    const name = (await upload(t, supplierA, [{ name: '资质 证书.pdf', bytes: PDF }])).json().fileName;
    const res = await as(t.app, supplierA).get(`/common/download?fileName=${name}`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PDF)).toBe(true);
    expect(res.headers['content-disposition']).toContain('attachment;');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('资质 证书.pdf')}`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-type']).toBe('application/pdf');
    const resource = await as(t.app, supplierA).get(`/common/download/resource?resource=${name}`);
    expect(resource.statusCode).toBe(200);
  });

  it("refuses another company's file", async () => {
    const name = (await upload(t, supplierA, [{ name: 'bid.pdf', bytes: PDF }])).json().fileName;
    const res = await as(t.app, supplierB).get(`/common/download?fileName=${name}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(403);
    expect((await as(t.app, admin).get(`/common/download?fileName=${name}`)).statusCode).toBe(200);
  });

  it('refuses names the server did not issue, paths and absolute paths', async () => {
    for (const bad of [
      '../../etc/passwd',
      '/etc/passwd',
      '..%2F..%2Fpackage.json',
      'a'.repeat(32) + '.pdf',
      'C:\\windows\\win.ini',
    ]) {
      const res = await as(t.app, supplierA).get(`/common/download?fileName=${encodeURIComponent(bad)}`);
      expect(res.statusCode, bad).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, bad).toBeLessThan(500);
      expect([500, 404]).toContain(res.json().code);
    }
    expect((await as(t.app, supplierA).get('/common/download/resource?resource=../secret')).json().msg).toMatch(
      /not a file name this server issued/,
    );
  });

  it('never deletes a file because a request asks', async () => {
    const name = (await upload(t, supplierA, [{ name: 'keep.pdf', bytes: PDF }])).json().fileName;
    await as(t.app, supplierA).get(`/common/download?fileName=${name}&delete=true`);
    expect((await as(t.app, supplierA).get(`/common/download?fileName=${name}`)).statusCode).toBe(200);
  });
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function stored(name: string) {
  const [row] = await queryRows<{ id: number; size: number; sha256: string | null; chunks: number; total: number }>(
    t.database.db,
    sql`select f.id, f.size, f.sha256, count(c.seq)::int as chunks, coalesce(sum(length(c.data)), 0)::int as total
        from files f left join file_chunks c on c.file_id = f.id where f.stored_name = ${name} group by f.id`,
  );
  return row;
}

const counts = async () =>
  (
    await queryRows<{ files: number; chunks: number }>(
      t.database.db,
      sql`select (select count(*) from files)::int as files, (select count(*) from file_chunks)::int as chunks`,
    )
  )[0]!;

describe('contents in the database', () => {
  it('keeps a file in chunks with its SHA-256, and answers the same bytes; no file on disk', async () => {
    const bytes = pdfOf(2 * FILE_CHUNK_BYTES + 1000);
    const name = (await upload(t, supplierA, [{ name: 'large.pdf', bytes }])).json().fileName;
    expect(await stored(name)).toMatchObject({
      size: bytes.length,
      sha256: sha256(bytes),
      chunks: 3,
      total: bytes.length,
    });
    const res = await as(t.app, supplierA).get(`/common/download?fileName=${name}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe(String(bytes.length));
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(existsSync(path.join(dataDir, 'files'))).toBe(false);
  });

  it('takes a file of exactly 5 MB and refuses one byte more', async () => {
    const five = pdfOf(5 * 1024 * 1024);
    const ok = await upload(t, supplierA, [{ name: 'five.pdf', bytes: five }]);
    expect(ok.json()).toMatchObject({ code: 200 });
    expect(await stored(ok.json().fileName)).toMatchObject({ size: five.length, chunks: 20, sha256: sha256(five) });
    const before = await counts();
    const over = await upload(t, supplierA, [{ name: 'over.pdf', bytes: pdfOf(5 * 1024 * 1024 + 1) }]);
    expect(over.json()).toEqual({ code: 500, msg: 'over.pdf: the file is larger than 5 MB' });
    expect(await counts()).toEqual(before);
  });

  it('leaves nothing behind when a later file of the batch is refused', async () => {
    const before = await counts();
    const res = await upload(t, supplierA, [
      { name: 'good.pdf', bytes: pdfOf(300_000) },
      { name: 'good2.pdf', bytes: PDF },
      { name: 'bad.pdf', bytes: PNG },
    ]);
    expect(res.json()).toEqual({ code: 500, msg: 'bad.pdf: the content of the file is not a pdf file' });
    expect(await counts()).toEqual(before);
  });

  it('recognises an Office file whose type shows only past the first chunk', async () => {
    // A stored (uncompressed) zip whose content-types entry follows 300 KB of another entry.
    const entry = (name: string, data: Buffer) => {
      const header = Buffer.alloc(30);
      header.writeUInt32LE(0x04034b50, 0);
      header.writeUInt16LE(20, 4);
      header.writeUInt32LE(data.length, 18);
      header.writeUInt32LE(data.length, 22);
      header.writeUInt16LE(Buffer.byteLength(name), 26);
      return [header, Buffer.from(name), data];
    };
    const types = Buffer.from(
      '<?xml version="1.0"?><Types><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    );
    const docx = Buffer.concat([
      ...entry('media/filler.bin', randomBytes(300_000)),
      ...entry('[Content_Types].xml', types),
    ]);
    const res = await upload(t, supplierA, [{ name: 'proposal.docx', bytes: docx }]);
    expect(res.json().code, res.body).toBe(200);
    const back = await as(t.app, supplierA).get(`/common/download?fileName=${res.json().fileName}`);
    expect(back.rawPayload.equals(docx)).toBe(true);
  });
});

describe('ranges and revalidation of PDFs and images', () => {
  let bytes: Buffer;
  let name: string;
  const get = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'GET',
      url: `/common/download?fileName=${name}`,
      headers: { ...bearer(supplierA), ...headers },
    });
  beforeAll(async () => {
    bytes = pdfOf(FILE_CHUNK_BYTES + 50_000);
    name = (await upload(t, supplierA, [{ name: 'ranged.pdf', bytes }])).json().fileName;
  });

  it('answers its SHA-256 as entity tag, and 304 to a matching If-None-Match', async () => {
    const whole = await get({});
    const etag = `"${sha256(bytes)}"`;
    expect(whole.headers).toMatchObject({ etag, 'accept-ranges': 'bytes', 'cache-control': 'private, no-cache' });
    const same = await get({ 'if-none-match': `"other", W/${etag}` });
    expect(same.statusCode).toBe(304);
    expect(same.rawPayload.length).toBe(0);
    expect(same.headers.etag).toBe(etag);
    expect((await get({ 'if-none-match': '"other"' })).statusCode).toBe(200);
    // Revalidation still checks access.
    const other = await t.app.inject({
      method: 'GET',
      url: `/common/download?fileName=${name}`,
      headers: { ...bearer(supplierB), 'if-none-match': etag },
    });
    expect(other.statusCode).toBe(403);
  });

  it('goes as it is to a browser that accepts compressed answers: its length and ranges hold', async () => {
    const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };
    const whole = await get(browser);
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(whole.headers['content-length']).toBe(String(bytes.length));
    expect(whole.rawPayload.equals(bytes)).toBe(true);
    const part = await get({ ...browser, range: 'bytes=0-99' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.rawPayload.equals(bytes.subarray(0, 100))).toBe(true);
  });

  it('answers one range, across chunks, from the end, and 416 beyond it', async () => {
    const cases: [string, number, number][] = [
      ['bytes=0-99', 0, 99],
      [`bytes=${FILE_CHUNK_BYTES - 10}-${FILE_CHUNK_BYTES + 9}`, FILE_CHUNK_BYTES - 10, FILE_CHUNK_BYTES + 9],
      [`bytes=${FILE_CHUNK_BYTES}-`, FILE_CHUNK_BYTES, bytes.length - 1],
      ['bytes=-100', bytes.length - 100, bytes.length - 1],
    ];
    for (const [range, start, end] of cases) {
      const res = await get({ range });
      expect(res.statusCode, range).toBe(206);
      expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${bytes.length}`);
      expect(res.headers['content-length']).toBe(String(end - start + 1));
      expect(res.headers['content-disposition']).toContain('attachment;');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.rawPayload.equals(bytes.subarray(start, end + 1)), range).toBe(true);
    }
    const beyond = await get({ range: `bytes=${bytes.length}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${bytes.length}`);
    // Several ranges, or an If-Range naming another version: the whole file.
    const wholeCases: Record<string, string>[] = [
      { range: 'bytes=0-1,5-9' },
      { range: 'bytes=0-1', 'if-range': '"old"' },
    ];
    for (const headers of wholeCases) {
      const whole = await get(headers);
      expect(whole.statusCode).toBe(200);
      expect(whole.rawPayload.equals(bytes)).toBe(true);
    }
  });

  it('answers other types whole, never kept', async () => {
    const txt = Buffer.from('Minutes of the site visit.\n');
    const n = (await upload(t, supplierA, [{ name: 'minutes.txt', bytes: txt }])).json().fileName;
    const res = await t.app.inject({
      method: 'GET',
      url: `/common/download?fileName=${n}`,
      headers: { ...bearer(supplierA), range: 'bytes=0-3', 'if-none-match': `"${sha256(txt)}"` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(txt)).toBe(true);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers['accept-ranges']).toBeUndefined();
  });
});

describe('concurrent uploads and downloads', () => {
  it('stores 50 identical uploads at once as 50 whole files and serves 50 downloads at once', async () => {
    const bytes = pdfOf(FILE_CHUNK_BYTES + 4096);
    const ups = await Promise.all(
      Array.from({ length: 50 }, () => upload(t, supplierA, [{ name: 'same.pdf', bytes }])),
    );
    expect(ups.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    const names = ups.map((r) => r.json().fileName as string);
    expect(new Set(names).size).toBe(50);
    const downs = await Promise.all(names.map((n) => as(t.app, supplierA).get(`/common/download?fileName=${n}`)));
    expect(downs.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    expect(downs.every((r) => r.rawPayload.equals(bytes))).toBe(true);
    for (const n of names.slice(0, 5)) expect(await stored(n)).toMatchObject({ chunks: 2, total: bytes.length });
  });
});

describe('orphans', () => {
  it('removes an upload no record took a day after it, with its content, and keeps attached and recent ones', async () => {
    const owner = await signInAs(t, 'owner1');
    const orphan = (await upload(t, supplierA, [{ name: 'forgotten.pdf', bytes: pdfOf(300_000) }])).json().fileName;
    const recent = (await upload(t, supplierA, [{ name: 'fresh.pdf', bytes: PDF }])).json().fileName;
    const body = await projectBody(t, owner);
    const kept = (body.documents as string[])[0]!;
    expect((await as(t.app, owner).post('/api/projects', body)).json().code).toBe(200);
    const age = (name: string) =>
      t.database.db.execute(sql`update files set created_at = now() - interval '25 hours' where stored_name = ${name}`);
    await age(orphan);
    await age(kept);
    const orphanId = (await stored(orphan))!.id;

    expect(await removeOrphanFiles(t.database.db)).toBeGreaterThanOrEqual(1);
    expect(await stored(orphan)).toBeUndefined();
    const [left] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from file_chunks where file_id = ${orphanId}`,
    );
    expect(left!.n).toBe(0);
    expect((await as(t.app, supplierA).get(`/common/download?fileName=${orphan}`)).statusCode).toBe(404);
    expect(await stored(kept)).toBeDefined();
    expect(await stored(recent)).toBeDefined();
    // Nothing more to do on the next tick.
    expect(await removeOrphanFiles(t.database.db)).toBe(0);
  });
});
