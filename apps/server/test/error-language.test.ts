import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectOptions, signInAs } from './factories.ts';
import { bearer, createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
let owner: string;
let auditor: string;
let project: Record<string, unknown>;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signInAs(t, 'owner1');
  auditor = await signInAs(t, 'auditor1');
  const options = await projectOptions(t);
  const daysFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString();
  // A survey project above the survey value limit (¥1,000,000) and otherwise valid.
  project = {
    name: 'Too big for the platform',
    typeId: options.typeId('survey'),
    placeId: options.districtId,
    budget: 150_000_000,
    model: 2,
    minParticipants: 3,
    publicityDays: 3,
    signupStart: daysFromNow(0),
    bidDeadline: daysFromNow(10),
    openingAt: daysFromNow(11),
    contactName: 'O',
    contactTel: '0571-1234567',
  };
});
afterAll(() => t.close());

/** A call as `token`, in Chinese when `language` is given, else with no Accept-Language at all. */
const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object, language?: string) =>
  t.app.inject({
    method,
    url,
    headers: { ...bearer(token), ...(language ? { 'accept-language': language } : {}) },
    ...(payload ? { payload } : {}),
  });
/** The answer's message with no header and with `zh-CN`. */
const both = async (token: string, method: 'GET' | 'POST', url: string, payload?: object) => ({
  en: (await call(token, method, url, payload)).json(),
  zh: (await call(token, method, url, payload, 'zh-CN,zh;q=0.9,en;q=0.8')).json(),
});

describe('error messages in the language of the request', () => {
  it('refuses a budget above the value limit in Chinese, naming the budget and the limit', async () => {
    const { en, zh } = await both(owner, 'POST', '/api/projects', project);
    // The refusal names its field apart, for the form to show the message beside it.
    expect(en).toEqual({
      code: 500,
      field: 'budget',
      msg: '¥1,500,000.00 is above the value limit of survey projects, ¥1,000,000.00',
    });
    expect(zh).toEqual({ code: 500, field: 'budget', msg: '预算金额 ¥1,500,000.00 超过勘察项目的限额 ¥1,000,000.00' });
  });

  it("renders zod's own messages with its Chinese locale, with the field in front", async () => {
    const { en, zh } = await both(owner, 'POST', '/api/projects', { ...project, minParticipants: 0 });
    expect(en.msg).toBe('minParticipants: Too small: expected number to be >=1');
    expect(zh.msg).toBe('最少参与家数：数值过小：期望 number >=1');
    const wrongType = await both(owner, 'POST', '/api/projects', { ...project, budget: 'a lot' });
    expect(wrongType.en.msg).toBe('budget: Invalid input: expected number, received string');
    expect(wrongType.zh.msg).toBe('预算金额：无效输入：期望 数字，实际接收 string');
    const query = await both(auditor, 'GET', '/api/projects?pageSize=1000');
    expect(query.en.msg).toBe('querystring pageSize: Too big: expected number to be <=100');
    expect(query.zh.msg).toBe('查询参数 每页条数：数值过大：期望 number <=100');
  });

  it('answers the Chinese of the contracts’ own messages', async () => {
    const { en, zh } = await both(owner, 'POST', '/api/projects', { ...project, contactTel: 'call me' });
    expect(en).toEqual({ code: 500, field: 'contactTel', msg: 'contact phone: 6 to 30 digits' });
    expect(zh).toEqual({ code: 500, field: 'contactTel', msg: '联系电话：6 至 30 位数字' });
    const two = await both(owner, 'POST', '/api/projects', { ...project, placeId: undefined, name: 'ab' });
    expect(two.en.msg).toBe('name: at least 4 characters; choose the place');
    expect(two.zh.msg).toBe('项目名称：至少 4 个字符；请选择项目地点');
  });

  it('refuses with its own reason in Chinese (403)', async () => {
    const { en, zh } = await both(owner, 'GET', '/api/system/menu/menu?userId=1');
    expect(en).toEqual({ code: -1, msg: 'you may only load your own menu' });
    expect(zh).toEqual({ code: -1, msg: '只能加载本人的菜单' });
    const plain = await both(owner, 'GET', '/api/system/users');
    expect(plain.en).toEqual({ code: 403, msg: 'no permission for the current operation' });
    expect(plain.zh).toEqual({ code: 403, msg: '没有执行此操作的权限' });
  });

  it('names a status in Chinese when the status does not allow the action', async () => {
    const draft = await call(owner, 'POST', '/api/projects', { ...project, budget: 10_000_000 });
    const id = draft.json().data.id as number;
    const { en, zh } = await both(owner, 'POST', `/api/projects/${id}/revise`);
    expect(en.msg).toBe('a project that is draft cannot be revised');
    expect(zh.msg).toBe('状态为“草稿”的项目不能退回草稿');
  });

  it('answers sessions and unknown paths in Chinese too', async () => {
    const { en, zh } = await both('not-a-token', 'GET', '/api/user/info');
    expect(en.msg).toBe('invalid session or session expired, please log in again');
    expect(zh.msg).toBe('登录状态已失效，请重新登录');
    const missing = await both(owner, 'GET', '/api/no-such-call');
    expect(missing.en).toEqual({ code: 404, msg: 'resource does not exist' });
    expect(missing.zh).toEqual({ code: 404, msg: '请求的资源不存在' });
  });
});
