import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, projectBody, signInAs } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

const NUL = '\u0000';
let t: TestApp;
let admin: string;
let owner: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAs(t, 'admin');
  owner = await signInAs(t, 'owner1');
});
afterAll(() => t.close());

describe('a NUL character in any text input', () => {
  const refusedNaming = (
    res: { statusCode: number; json(): { code: number; msg: string; field?: string } },
    field: string,
  ) => {
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(500);
    // The field is named apart (`field`) for a body, in the message for a query or sign-in.
    expect(`${res.json().field ?? ''} ${res.json().msg}`).toContain(field);
    expect(res.json().msg).toMatch(/NUL/);
  };

  it('is refused with the field named, in the body of a project or a notice', async () => {
    refusedNaming(
      await as(t.app, owner).post('/api/projects', { ...(await projectBody(t, owner)), name: `Road${NUL}works` }),
      'name',
    );
    refusedNaming(
      await as(t.app, admin).post('/api/system/notices', { title: `A${NUL}`, noticeType: 'info', content: '<p>x</p>' }),
      'title',
    );
  });

  it('is refused in query parameters: hall and notice keywords, user filters, look-ups', async () => {
    refusedNaming(await t.app.inject({ method: 'GET', url: '/api/hall/projects?keyword=a%00b' }), 'keyword');
    refusedNaming(await t.app.inject({ method: 'GET', url: '/api/public/notices?keyword=%00' }), 'keyword');
    refusedNaming(await as(t.app, admin).get('/api/system/users?name=x%00'), 'name');
    refusedNaming(await t.app.inject({ method: 'POST', url: '/api/common/selectByTel?tel=139%00' }), 'tel');
  });

  it('is refused in a sign-in, plain or encrypted, as a wrong credential', async () => {
    refusedNaming(
      await t.app.inject({
        method: 'POST',
        url: '/api/external/tellogin',
        payload: { tel: `139${NUL}`, msgCode: '123456', uuid: 'x' },
      }),
      'tel',
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/employee/adminLoginTel',
      payload: {
        loginTel: t.cipher.encrypt(`139${NUL}0000`),
        code: t.cipher.encrypt('123456'),
        uuid: t.cipher.encrypt('u'),
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('wrong phone number or SMS code');
  });
});

describe('removing a page of selected rows', () => {
  it('deletes 25 notices named in one path', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 25; i++) {
      const res = await as(t.app, admin).post('/api/system/notices', {
        title: `Batch ${i}`,
        noticeType: 'info',
        content: '<p>x</p>',
      });
      ids.push(res.json().data.id);
    }
    // Padded with ids of rows that are gone, so that the path is as long as real ids make it.
    const res = await as(t.app, admin).del(
      `/api/system/notices/${ids.map((id) => id + 1000000).join(',')},${ids.join(',')}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const left = (await as(t.app, admin).get('/api/system/notices?title=Batch&pageSize=100')).json();
    expect(left.total).toBe(0);
  });
});

describe('the log', () => {
  it('keeps no query string of a call and no parameter of a failed statement', async () => {
    const lines: string[] = [];
    const logged = await createTestApp(
      {},
      {
        demo: false,
        log: lines,
        routes: (app) =>
          app.get('/api/test/failing-statement', { config: { access: { public: true } } }, async () => {
            throw new Error('Failed query: select * from users where tel = $1\nparams: 13912345678');
          }),
      },
    );
    const app = logged.app;
    await app.inject({ method: 'GET', url: '/api/common/common/code?tel=13987654321&purpose=login' });
    const failed = await app.inject({ method: 'GET', url: '/api/test/failing-statement' });
    expect(failed.statusCode).toBe(500);
    expect(failed.body).not.toContain('13912345678');
    await logged.close();
    const log = lines.join('');
    expect(log).toContain('/api/common/common/code');
    expect(log).toContain('Failed query');
    expect(log).not.toContain('13987654321');
    expect(log).not.toContain('13912345678');
  });
});
