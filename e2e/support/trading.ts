import { expect, type APIRequestContext } from '@playwright/test';
import { freshPhone, latestSmsCode, sendSmsCode, supplierPhoneToken } from './api';

/** What the trading specs share: calls that must succeed, uploads, and new supplier companies. */

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

export const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A call that must answer code 200; answers its body. */
export async function call(api: APIRequestContext, method: 'get' | 'post', url: string, token: string, data?: unknown) {
  const res = await api[method](url, { headers: auth(token), ...(data === undefined ? {} : { data }) });
  const body = await res.json();
  expect(body.code, `${url}: ${JSON.stringify(body)}`).toBe(200);
  return body;
}

/** Uploads a small PDF as `token`; answers the stored name. */
export async function uploadPdf(api: APIRequestContext, token: string, name = 'qualification.pdf'): Promise<string> {
  const res = await api.post('/common/upload', {
    headers: auth(token),
    multipart: { file: { name, mimeType: 'application/pdf', buffer: PDF } },
  });
  return (await res.json()).fileName as string;
}

/**
 * A new supplier company, registered, signed in and with its record completed. It costs two SMS
 * windows of its new phone (registration, then sign-in): about a minute.
 */
export async function newSupplier(api: APIRequestContext, stamp: string): Promise<string> {
  const tel = freshPhone('135');
  const uuid = await sendSmsCode(api, tel, 'register');
  const registered = await (
    await api.post('/api/register', {
      data: {
        compName: `E2E Lamp Works ${stamp}`,
        creditCode: `91330100MA${stamp}77`,
        contactName: 'Lee Lamp',
        tel,
        password: 'Test-pass-2026',
        uuid,
        msgCode: await latestSmsCode(api, tel),
      },
    })
  ).json();
  expect(registered.code, JSON.stringify(registered)).toBe(200);
  const token = await supplierPhoneToken(api, tel);
  await call(api, 'post', '/api/user/updateCompany', token, {
    contactName: 'Lee Lamp',
    induRegiNo: `330100${stamp}777`,
    contactTel: '0571-8000 0001',
    bankName: 'Bank of Hangzhou',
    accountNo: `62220990${stamp}77`,
  });
  return token;
}

/** The name of the company `token` signs in for. */
export async function companyOf(api: APIRequestContext, token: string): Promise<string> {
  return (await call(api, 'get', '/api/user/info', token)).rows.user.company.compName as string;
}

const DAY = 86_400_000;

/** What a trading spec chooses of its project; the rest is a plausible construction project. */
export interface TradingProject {
  name: string;
  model: 2 | 3;
  budget: number;
  minParticipants: number;
  /** Sign-up runs from this many days before the deadline (the type's minimum for the model). */
  signupDays: number;
  qualification: string;
  /** The bid deadline, and the opening time this many milliseconds later. */
  deadline: number;
  openingAfterMs: number;
}

/**
 * A project the owner created and the auditor approved, with every bidder's application
 * qualified: the state in which sealed bids are taken. Answers its id.
 */
export async function publishedWithQualified(
  api: APIRequestContext,
  people: { owner: string; auditor: string },
  p: TradingProject,
  bidders: string[],
): Promise<number> {
  const options = (await (await api.get('/api/hall/options')).json()).data as {
    types: { id: number; code: string }[];
    places: { children?: { children?: { id: number }[] }[] }[];
  };
  const created = await call(api, 'post', '/api/projects', people.owner, {
    name: p.name,
    typeId: options.types.find((x) => x.code === 'construction')!.id,
    placeId: options.places[0]!.children![0]!.children![0]!.id,
    budget: p.budget,
    model: p.model,
    minParticipants: p.minParticipants,
    guaranteeRequired: false,
    guaranteeAmount: 0,
    signupStart: new Date(p.deadline - p.signupDays * DAY).toISOString(),
    bidDeadline: new Date(p.deadline).toISOString(),
    openingAt: new Date(p.deadline + p.openingAfterMs).toISOString(),
    publicityDays: 3,
    qualification: p.qualification,
    contactName: 'Olivia Owner',
    contactTel: '0571-8765 4321',
    documents: [await uploadPdf(api, people.owner, 'tender.pdf')],
  });
  const projectId = created.data.id as number;
  await call(api, 'post', `/api/projects/${projectId}/submit`, people.owner);
  await call(api, 'post', `/api/projects/${projectId}/approve`, people.auditor);
  for (const token of bidders) {
    const applied = await call(api, 'post', `/api/hall/projects/${projectId}/apply`, token, {
      contactName: 'Bid Desk',
      contactTel: '13900002222',
      documents: [await uploadPdf(api, token)],
    });
    await call(api, 'post', `/api/applications/${applied.data.id}/qualify`, people.auditor);
  }
  return projectId;
}
