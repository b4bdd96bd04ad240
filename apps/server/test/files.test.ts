import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDF, as, multipart, signInAs, upload } from './factories.ts';
import { createTestApp, signInSupplier, type TestApp } from './test-app.ts';

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
