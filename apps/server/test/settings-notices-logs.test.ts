import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApp, as, signInAs } from './factories.ts';
import { signInSupplier, type TestApp } from './test-app.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  ({ t, admin } = await adminApp());
});
afterAll(() => t.close());

const paramId = async (base: string, key: string) =>
  ((await as(t.app, admin).get(`${base}?configKey=${key}`)).json().rows as { id: number; configKey: string }[]).find(
    (p) => p.configKey === key,
  )!.id;

/** Saves the business parameter `configKey` with each value given, as its edit form would. */
const businessParameter = async (configKey: string, name: string, valueType: string) => {
  const id = await paramId('/api/base/parameters', configKey);
  return (value: string) => as(t.app, admin).put(`/api/base/parameters/${id}`, { configKey, name, value, valueType });
};

describe('business parameters', () => {
  it('checks each value against its rule', async () => {
    const save = await businessParameter('bid.minParticipants', 'Minimum valid participants', 'number');
    expect((await save('0')).json()).toMatchObject({ code: 500, field: 'value' });
    expect((await save('three')).json().code).toBe(500);
    expect((await save('5')).json().code).toBe(200);
    const saveFee = await businessParameter('fee.rateTiers', 'Fee', 'string');
    expect((await saveFee('[[1000,0.01]]')).json().msg).toMatch(/last tier must be open-ended/);
    expect((await saveFee('not json')).json().msg).toMatch(/must be JSON/);
    expect((await saveFee('[[2000000,0.01],[null,0.006]]')).json().code).toBe(200);
  });

  it('shows a changed consultation phone on the public side at once', async () => {
    const save = await businessParameter('site.consultPhone', 'Consultation phone line', 'string');
    expect((await t.app.inject({ method: 'GET', url: '/api/common/site-info' })).json().data.consultPhone).toBe(
      '0571-8888 6666',
    );
    await save('400-800-1234');
    expect((await t.app.inject({ method: 'GET', url: '/api/common/site-info' })).json().data.consultPhone).toBe(
      '400-800-1234',
    );
  });

  it('keeps business parameters fixed and built-in system parameters from removal', async () => {
    expect(
      (await as(t.app, admin).post('/api/base/parameters', { configKey: 'x.y', name: 'X', value: '1' })).statusCode,
    ).toBe(403);
    const created = await as(t.app, admin).post('/api/system/config', {
      configKey: 'ui.banner',
      name: 'Banner text',
      value: 'Welcome',
    });
    expect(created.json().code).toBe(200);
    expect((await as(t.app, admin).del(`/api/system/config/${created.json().data.id}`)).json().code).toBe(200);
    const builtIn = await paramId('/api/system/config', 'site.platformName');
    expect((await as(t.app, admin).del(`/api/system/config/${builtIn}`)).json().msg).toBe(
      'a built-in parameter cannot be removed',
    );
    const typed = await as(t.app, admin).post('/api/system/config', {
      configKey: 'ui.pageSize',
      name: 'Page size',
      value: 'many',
      valueType: 'number',
    });
    expect(typed.json()).toMatchObject({ field: 'value', msg: 'must be a number' });
  });
});

describe('notices', () => {
  it('sanitises rich text on the server', async () => {
    const created = await as(t.app, admin).post('/api/system/notices', {
      title: 'Holiday hours',
      noticeType: 'announcement',
      audience: 'suppliers',
      content:
        '<p onclick="steal()">Closed on <b>1 May</b><script>alert(1)</script><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)></p>',
    });
    expect(created.json().code).toBe(200);
    const notice = (await as(t.app, admin).get(`/api/system/notices/${created.json().data.id}`)).json().data;
    expect(notice.content).toContain('Closed on <b>1 May</b>');
    expect(notice.content).not.toMatch(/script|onclick|onerror|javascript:/i);
    const empty = await as(t.app, admin).post('/api/system/notices', {
      title: 'Empty',
      noticeType: 'announcement',
      content: '<script>x</script>',
    });
    expect(empty.json()).toMatchObject({ field: 'content', msg: 'write the text of the notice' });
  });

  it('shows each notice to its audience only', async () => {
    await as(t.app, admin).post('/api/system/notices', {
      title: 'Staff meeting',
      noticeType: 'announcement',
      audience: 'staff',
      content: '<p>Monday</p>',
    });
    await as(t.app, admin).post('/api/system/notices', {
      title: 'For everyone',
      noticeType: 'announcement',
      audience: 'all',
      content: '<p>Hello</p>',
    });
    const closed = await as(t.app, admin).post('/api/system/notices', {
      title: 'Closed one',
      noticeType: 'announcement',
      audience: 'all',
      content: '<p>Old</p>',
      status: '1',
    });
    expect(closed.json().code).toBe(200);
    const supplier = await signInSupplier(t, '13900000001');
    const staff = await signInAs(t, 'owner1');
    const titles = async (token: string) =>
      (await as(t.app, token).get('/api/notices/mine'))
        .json()
        .rows.map((n: { title: string }) => n.title)
        .sort();
    expect(await titles(supplier)).toEqual(['For everyone', 'Holiday hours']);
    expect(await titles(staff)).toEqual(['For everyone', 'Staff meeting']);
  });

  it('exports the filtered list, and only to holders of the export permission', async () => {
    const res = await as(t.app, admin).get('/api/system/notices/export?status=1');
    expect(res.headers['content-disposition']).toContain('attachment; filename="notices.xlsx"');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const titles = book.worksheets[0]!.getColumn(1).values.slice(2);
    expect(titles).toEqual(['Closed one']);
    const owner = await signInAs(t, 'owner1');
    expect((await as(t.app, owner).get('/api/system/notices/export')).json().code).toBe(403);
  });
});

describe('logs', () => {
  it('writes an operation-log row for every write call, success or failure, without bodies', async () => {
    await as(t.app, admin).post('/api/system/users', { loginUid: 'x', name: '', password: 'Secret-123456' });
    const rows = async () =>
      (await as(t.app, admin).get('/api/base/logs/operations?title=Create%20an%20employee')).json().rows;
    let found: {
      status: string;
      userName: string;
      method: string;
      path: string;
      errorMsg: string | null;
      durationMs: number;
    }[] = [];
    for (let i = 0; i < 20 && found.length === 0; i++) {
      found = await rows();
      if (found.length === 0) await new Promise((r) => setTimeout(r, 50));
    }
    expect(found[0]).toMatchObject({
      status: '1',
      userName: 'admin',
      method: 'POST',
      path: '/api/system/users',
      errorMsg: expect.stringContaining('user name: 3 to 30 letters'),
    });
    expect(found[0]!.durationMs).toBeGreaterThanOrEqual(0);
    const all = JSON.stringify((await as(t.app, admin).get('/api/base/logs/operations?pageSize=100')).json());
    expect(all).not.toContain('Secret-123456');
    const ok = (await as(t.app, admin).get('/api/base/logs/operations?status=0&title=notice')).json();
    expect(ok.total).toBeGreaterThan(0);
  });

  it('lists and exports the sign-in log with filters', async () => {
    const list = (await as(t.app, admin).get('/api/base/logs/signins?loginName=owner1&status=0')).json();
    expect(list.rows.length).toBeGreaterThan(0);
    expect(list.rows[0]).toMatchObject({ loginName: 'owner1', status: '0', types: 0 });
    const today = new Date().toISOString().slice(0, 10);
    const res = await as(t.app, admin).get(`/api/base/logs/signins/export?beginTime=${today}&endTime=${today}`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.rowCount).toBeGreaterThan(1);
    expect((await as(t.app, admin).get('/api/base/logs/signins?beginTime=yesterday')).json().code).toBe(500);
  });
});
