import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, pdfOfSize, signInAs } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * A refused upload must leave its kept-alive connection usable: a browser sends the next request
 * on the same socket, and bytes of the refused body left unread on it would be parsed as that
 * request. Real HTTP here (inject has no socket): one keep-alive connection, as a browser's.
 */
let t: TestApp;
let token: string;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  token = await signInAs(t, 'admin');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

interface Answer {
  status: number;
  connection: string | undefined;
  body: { code: number; msg: string; field?: string; fileName?: string };
  socket: unknown;
}

/** POSTs a multipart upload through `agent` and reads the whole answer. */
function upload(agent: http.Agent, bytes: Buffer, language = 'en'): Promise<Answer> {
  const body = multipart([{ name: 'file.pdf', bytes, type: 'application/pdf' }]);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/common/upload',
        agent,
        headers: {
          ...body.headers,
          'content-length': body.payload.length,
          authorization: `Bearer ${token}`,
          'accept-language': language,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            connection: res.headers.connection,
            body: JSON.parse(Buffer.concat(chunks).toString()),
            socket: req.socket,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    // A client may still be writing its body when the answer arrives: a write after the server
    // closed its side is the client's to ignore, the answer is what counts.
    req.on('socket', (s) => s.on('error', () => undefined));
    req.end(body.payload);
  });
}

describe('a refused upload on a kept-alive connection', () => {
  it('is refused with a clear message, and the next uploads on the same client succeed, six times over', async () => {
    for (let round = 0; round < 6; round++) {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const language = round % 2 === 0 ? 'en' : 'zh-CN';
        const refused = await upload(agent, pdfOfSize(6 * 1024 * 1024), language);
        expect(refused.status, `round ${round + 1}`).toBe(400);
        expect(refused.body.msg, `round ${round + 1}`).toMatch(
          language === 'en' ? /the file is larger than 5 MB$/ : /文件大小超过 5 MB$/,
        );
        // The rest of the refused body was read, so the connection stays open for the next ones.
        expect(refused.connection).toBe('keep-alive');
        for (const n of [1, 2]) {
          const small = await upload(agent, pdfOfSize(10 * 1024));
          expect(small.status, `round ${round + 1}, small upload ${n}: ${JSON.stringify(small.body)}`).toBe(200);
          expect(small.body.fileName).toMatch(/\.pdf$/);
          expect(small.socket, 'the same kept-alive connection').toBe(refused.socket);
        }
      } finally {
        agent.destroy();
      }
    }
  }, 120_000);
});
