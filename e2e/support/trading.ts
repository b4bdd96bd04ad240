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
 * A new supplier company, registered, signed in and with its record completed. The registering
 * phone may receive its next code only a minute after the registration's (one code a phone a
 * minute), so the administrator (`admin`, a back-office token) adds the company's bid desk with a
 * phone of its own, which signs in with its first code: no wait. Answers the bid desk's token.
 */
export async function newSupplier(api: APIRequestContext, stamp: string, admin: string): Promise<string> {
  const tel = freshPhone('135');
  const compName = `E2E Lamp Works ${stamp}`;
  const uuid = await sendSmsCode(api, tel, 'register');
  const registered = await (
    await api.post('/api/register', {
      data: {
        compName,
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
  const found = await call(api, 'get', `/api/manager/suppliers?compName=${encodeURIComponent(compName)}`, admin);
  const compId = (found.rows as { compId: number; compName: string }[]).find((c) => c.compName === compName)!.compId;
  const desk = freshPhone('134');
  await call(api, 'post', `/api/manager/suppliers/${compId}/users`, admin, {
    name: 'Lamp Bid Desk',
    tel: desk,
    password: 'Test-pass-2026',
  });
  const token = await supplierPhoneToken(api, desk);
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
const HOUR = 3_600_000;

/** What a trading spec chooses of its project; the rest is a plausible construction project. */
export interface TradingProject {
  name: string;
  /** 1 pool draw (its draw at `openingAt`), 2 price competition, 3 best value. */
  model: 1 | 2 | 3;
  budget: number;
  minParticipants: number;
  qualification: string;
  /** Sign-up starts this many hours after the project is created (0: at once). */
  signupAfterHours?: number;
  /** Sign-up then runs this many days to the bid deadline (the type's minimum for the model). */
  signupDays: number;
  /** The opening this many hours after the bid deadline. */
  openingAfterHours: number;
  /** Days the result stays in publicity (3 unless given). */
  publicityDays?: number;
  /** A bid guarantee the project requires, in fen (none unless given; at most 2% of the budget). */
  guaranteeAmountFen?: number;
  /** The project's place (the first district of the first city unless given). */
  placeId?: number;
}

/** The dates the owner gave the project. */
export interface TradingDates {
  signupStart: Date;
  bidDeadline: Date;
  openingAt: Date;
}

/**
 * The dates an owner sets for a project created now: sign-up from this minute (or some hours
 * later) for `signupDays` days, the opening `openingAfterHours` after the deadline. Real windows:
 * the specs move the business clock past them (support/clock.ts) rather than wait.
 */
export function tradingDates(p: Pick<TradingProject, 'signupAfterHours' | 'signupDays' | 'openingAfterHours'>) {
  const start = Math.floor(Date.now() / 60_000) * 60_000 + (p.signupAfterHours ?? 0) * HOUR;
  const deadline = start + p.signupDays * DAY;
  return {
    signupStart: new Date(start),
    bidDeadline: new Date(deadline),
    openingAt: new Date(deadline + p.openingAfterHours * HOUR),
  } satisfies TradingDates;
}

/** A project the owner created and the auditor approved (published). Answers its id and dates. */
export async function publishedProject(
  api: APIRequestContext,
  people: { owner: string; auditor: string },
  p: TradingProject,
): Promise<{ projectId: number; dates: TradingDates }> {
  const options = (await (await api.get('/api/hall/options')).json()).data as {
    types: { id: number; code: string }[];
    places: { children?: { children?: { id: number }[] }[] }[];
  };
  const dates = tradingDates(p);
  const created = await call(api, 'post', '/api/projects', people.owner, {
    name: p.name,
    typeId: options.types.find((x) => x.code === 'construction')!.id,
    placeId: p.placeId ?? options.places[0]!.children![0]!.children![0]!.id,
    budget: p.budget,
    model: p.model,
    minParticipants: p.minParticipants,
    guaranteeRequired: !!p.guaranteeAmountFen,
    guaranteeAmount: p.guaranteeAmountFen ?? 0,
    signupStart: dates.signupStart.toISOString(),
    bidDeadline: dates.bidDeadline.toISOString(),
    openingAt: dates.openingAt.toISOString(),
    publicityDays: p.publicityDays ?? 3,
    qualification: p.qualification,
    contactName: 'Olivia Owner',
    contactTel: '0571-8765 4321',
    documents: [await uploadPdf(api, people.owner, 'tender.pdf')],
  });
  const projectId = created.data.id as number;
  await call(api, 'post', `/api/projects/${projectId}/submit`, people.owner);
  await call(api, 'post', `/api/projects/${projectId}/approve`, people.auditor);
  return { projectId, dates };
}

/** Every bidder applies to the project (sign-up open) and the auditor qualifies each application. */
export async function applyAndQualify(
  api: APIRequestContext,
  auditor: string,
  projectId: number,
  bidders: string[],
): Promise<void> {
  for (const token of bidders) {
    const applied = await call(api, 'post', `/api/hall/projects/${projectId}/apply`, token, {
      contactName: 'Bid Desk',
      contactTel: '13900002222',
      documents: [await uploadPdf(api, token)],
    });
    await call(api, 'post', `/api/applications/${applied.data.id}/qualify`, auditor);
  }
}

/** The auditor qualifies every application of the project that waits for its check. */
export async function qualifyPending(api: APIRequestContext, auditor: string, projectId: number): Promise<number> {
  const pending = await call(api, 'get', `/api/applications/pending-check?projectId=${projectId}`, auditor);
  const rows = pending.rows as { id: number }[];
  for (const { id } of rows) await call(api, 'post', `/api/applications/${id}/qualify`, auditor);
  return rows.length;
}

/**
 * A published project with every bidder's application qualified (sign-up open from its creation):
 * the state in which sealed bids are taken. Answers its id and dates.
 */
export async function publishedWithQualified(
  api: APIRequestContext,
  people: { owner: string; auditor: string },
  p: TradingProject,
  bidders: string[],
): Promise<{ projectId: number; dates: TradingDates }> {
  const published = await publishedProject(api, people, { ...p, signupAfterHours: 0 });
  await applyAndQualify(api, people.auditor, published.projectId, bidders);
  return published;
}

/** The project's status as its opening page reads it (owner, supervisor). */
export async function openingStatus(api: APIRequestContext, token: string, projectId: number): Promise<string> {
  const body = await (await api.get(`/api/openings/${projectId}`, { headers: auth(token) })).json();
  return body.data?.status as string;
}
