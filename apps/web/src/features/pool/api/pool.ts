import type {
  PoolImportError,
  PoolMemberBody,
  PoolPublicityBody,
  poolMemberDetail,
  poolMemberRow,
  poolPublicityDetail,
  poolPublicityRow,
} from '@lvb/contracts/pool';
import type { WireOf } from '@lvb/contracts/wire';
import { downloadGet } from '@/shared/lib/download';
import { request, RequestError, type ApiEnvelope, type Query } from '@/shared/lib/request';

/** The contractor pool: members (`marwsup/cbsman`), import and export (`marwsup/datatb`), publicity (`marwsup/fixpub`). */

export type MemberRow = WireOf<typeof poolMemberRow>;
export type MemberDetail = WireOf<typeof poolMemberDetail>;
export type PublicityRow = WireOf<typeof poolPublicityRow>;
export type PublicityDetail = WireOf<typeof poolPublicityDetail>;

export const MEMBERS_URL = '/api/pool/members';
export const PUBLICITY_URL = '/api/pool/publicity';
/** Supplier companies as the administrator lists them (`manager/user`): the company picker searches them. */
export const SUPPLIERS_URL = '/api/manager/suppliers';

const keyed = (key: string) => ({ headers: { 'Idempotency-Key': key } });

/** Adds (POST, under the attempt's Idempotency-Key) or saves (PUT) a member. */
export const saveMember = (id: number | undefined, body: PoolMemberBody, idempotencyKey: string) =>
  id
    ? request(`${MEMBERS_URL}/${id}`, { method: 'PUT', data: body })
    : request(MEMBERS_URL, { method: 'POST', data: body, ...keyed(idempotencyKey) });

export const fetchMember = async (id: number) =>
  (await request<ApiEnvelope & { data: MemberDetail }>(`${MEMBERS_URL}/${id}`)).data;

export const suspendMember = (id: number, reason: string, idempotencyKey: string) =>
  request(`${MEMBERS_URL}/${id}/suspend`, { method: 'POST', data: { reason }, ...keyed(idempotencyKey) });

export const reinstateMember = (id: number, idempotencyKey: string) =>
  request(`${MEMBERS_URL}/${id}/reinstate`, { method: 'POST', data: {}, ...keyed(idempotencyKey) });

export const removeMember = (id: number) => request(`${MEMBERS_URL}/${id}`, { method: 'DELETE' });

/** Supplier companies whose name contains `name`: the first twenty. */
export async function searchSuppliers(name: string) {
  const answer = await request<ApiEnvelope & { rows: { compId: number; compName: string; creditCode: string }[] }>(
    SUPPLIERS_URL,
    { params: { compName: name, pageNum: 1, pageSize: 20 }, quiet: true },
  );
  return answer.rows;
}

export const downloadTemplate = (fileName: string) => downloadGet(`${MEMBERS_URL}/import-template`, {}, fileName);

export const exportMembers = (filter: Query, fileName: string) =>
  downloadGet(`${MEMBERS_URL}/export`, filter, fileName);

/** The outcome of an import: the count written, or the server's message and every row's problem. */
export type ImportOutcome = { imported: number } | { refused: string; errors: PoolImportError[] };

/** Uploads a workbook: all rows are imported or none, and then each problem is answered. */
export async function importMembers(file: File): Promise<ImportOutcome> {
  const form = new FormData();
  form.append('file', file);
  try {
    const answer = await request<ApiEnvelope & { data: { imported: number } }>(`${MEMBERS_URL}/import`, {
      method: 'POST',
      data: form,
      quiet: true,
    });
    return { imported: answer.data.imported };
  } catch (error) {
    if (error instanceof RequestError) {
      const body = error.body as { errors?: PoolImportError[] } | undefined;
      return { refused: error.message, errors: body?.errors ?? [] };
    }
    throw error;
  }
}

/** Publishes (POST, keyed) or replaces (PUT) a publicity. */
export const savePublicity = (id: number | undefined, body: PoolPublicityBody, idempotencyKey: string) =>
  id
    ? request(`${PUBLICITY_URL}/${id}`, { method: 'PUT', data: body })
    : request(PUBLICITY_URL, { method: 'POST', data: body, ...keyed(idempotencyKey) });
