import type { APIRequestContext } from '@playwright/test';
import { call } from './trading';

/** What the pool-draw spec shares: the hall's type and place ids, pool members, draws as the API reads them. */

interface Place {
  id: number;
  /** The English name (`labelZh` the Chinese). */
  label: string;
  children?: Place[];
}

/** The construction type's id and the places tree, as the hall's options answer them. */
export async function hallOptions(api: APIRequestContext): Promise<{ constructionTypeId: number; places: Place[] }> {
  const options = (await (await api.get('/api/hall/options')).json()).data as {
    types: { id: number; code: string }[];
    places: Place[];
  };
  return {
    constructionTypeId: options.types.find((x) => x.code === 'construction')!.id,
    places: options.places,
  };
}

/** The id of the company `token` signs in for. */
export async function companyIdOf(api: APIRequestContext, token: string): Promise<number> {
  return (await call(api, 'get', '/api/user/info', token)).rows.user.company.compId as number;
}

/** A day as `YYYY-MM-DD`, `days` from today (UTC). */
export const isoDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Puts the company in the contractor pool for the type and the region (no sub-category), valid
 * from yesterday for a year, as the administrator (`admin`). Answers the member's id.
 */
export async function addPoolMember(
  api: APIRequestContext,
  admin: string,
  member: { companyId: number; typeId: number; placeId: number },
): Promise<number> {
  const body = await call(api, 'post', '/api/pool/members', admin, {
    ...member,
    subCategoryId: null,
    validFrom: isoDay(-1),
    validTo: isoDay(365),
    remark: 'E2E pool draw',
  });
  return body.data.id as number;
}

export interface DrawCandidate {
  position: number;
  memberId: number;
  companyId: number;
  companyName: string;
}
export interface DrawPick {
  rank: number;
  companyId: number;
  companyName: string;
  status: string;
}
export interface DrawRecord {
  id: number;
  status: string;
  listHash: string;
  commitment: string;
  seed: string | null;
  entropy: string | null;
  order: number[] | null;
  engagedCompany: string | null;
  candidates: DrawCandidate[];
  picks: DrawPick[];
}

/** The draw of the project as its owner or supervisor reads it (GET /api/draws/:id), or undefined. */
export async function drawOfProject(
  api: APIRequestContext,
  token: string,
  projectId: number,
  keyword: string,
): Promise<DrawRecord | undefined> {
  const list = await call(api, 'get', `/api/draws?keyword=${encodeURIComponent(keyword)}`, token);
  const row = (list.rows as { id: number; projectId: number }[]).find((d) => d.projectId === projectId);
  if (!row) return undefined;
  return (await call(api, 'get', `/api/draws/${row.id}`, token)).data as DrawRecord;
}
