import type { OrderBody, orderDetail, orderRow, quote } from '@lvb/contracts/guarantees';
import type { WireOf } from '@lvb/contracts/wire';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { downloadGet } from '@/shared/lib/download';
import { request, type ApiEnvelope, type Query } from '@/shared/lib/request';

/** Guarantee orders: the staff's (`order/index`), the issued letters (`manager/gl`), the supplier's. */

export type OrderRow = WireOf<typeof orderRow>;
export type Quote = WireOf<typeof quote>;
/** One order with its timeline (oldest first) and the claims on its letter. */
export type OrderDetail = WireOf<typeof orderDetail>;

export const ORDERS_URL = '/api/guarantee/orders';
export const LETTERS_URL = '/api/guarantee/letters';
export const MY_ORDERS_URL = '/api/guarantee/my-orders';
export const MY_LETTERS_URL = '/api/guarantee/my-letters';

/**
 * One order as its detail call answers it: guarantee staff read `ORDERS_URL/:id`, the supplier
 * `MY_ORDERS_URL/:id`. Under the list's prefix, so a step that refetches the list refetches it too.
 */
export const orderDetailQuery = (baseUrl: string, id: number) =>
  queryOptions({
    queryKey: [baseUrl, 'detail', id],
    queryFn: async ({ signal }) => (await request(`${baseUrl}/${id}`, { signal })).data as OrderDetail,
  });

/** An application of the supplier that may take a guarantee (GET /api/guarantee/my-applications). */
export interface GuaranteeApplication {
  applicationId: number;
  projectId: number;
  projectCode: string;
  projectName: string;
  beneficiary: string;
  kinds: string[];
  suggestedAmountFen: number | null;
  bidDeadline: string | null;
}

/** A product on the shelf (GET /api/guarantee/shelf?kind). */
export interface ShelfProduct {
  id: number;
  name: string;
  nameZh: string;
  kind: string;
  minPremiumFen: number;
  validityDays: number;
  description?: string;
}

/** The rows of a list answer, whether it carries `rows` or `data`. */
const rowsOf = <T>(answer: ApiEnvelope): T[] => (answer.rows ?? answer.data ?? []) as T[];

const listed = async <T>(url: string, params: Query) => rowsOf<T>(await request(url, { params }));

export const useMyApplications = (enabled: boolean) =>
  useQuery({
    queryKey: ['/api/guarantee/my-applications'],
    queryFn: () => listed<GuaranteeApplication>('/api/guarantee/my-applications', { pageNum: 1, pageSize: 100 }),
    enabled,
  });

export const useShelf = (kind: string | undefined) =>
  useQuery({
    queryKey: ['/api/guarantee/shelf', kind],
    queryFn: () => listed<ShelfProduct>('/api/guarantee/shelf', { kind }),
    enabled: !!kind,
  });

/** The premium the server would charge; asked again as the amount or the product changes. */
export const useQuote = (productId: number | undefined, amountFen: number | undefined) =>
  useQuery({
    queryKey: ['/api/guarantee/quote', productId, amountFen],
    queryFn: async () => (await request('/api/guarantee/quote', { params: { productId, amountFen } })).data as Quote,
    enabled: !!productId && !!amountFen,
    placeholderData: keepPreviousData,
  });

const post = (path: string, idempotencyKey: string, data?: unknown) =>
  request(path, { method: 'POST', data, headers: { 'Idempotency-Key': idempotencyKey } });

/** The supplier's new order: a draft whose premium the server computes. */
export const createOrder = (body: OrderBody, idempotencyKey: string) => post(ORDERS_URL, idempotencyKey, body);

/** One step of an order's workflow (`submit`, `cancel`, `confirm-payment`, `issue`, …). */
export const orderStep = (orderId: number, step: string, idempotencyKey: string, data?: unknown) =>
  post(`${ORDERS_URL}/${orderId}/${step}`, idempotencyKey, data);

/** The issued letter's PDF, saved under its number. A failed download has been shown. */
export const downloadLetter = (order: Pick<OrderRow, 'id' | 'letterNo' | 'orderNo'>) =>
  downloadGet(`${ORDERS_URL}/${order.id}/letter`, {}, `${order.letterNo ?? order.orderNo}.pdf`).catch(() => undefined);

/** A template's letter as a PDF with sample values. */
export const downloadTemplatePreview = (id: number, name: string) =>
  downloadGet(`/api/guarantee/templates/${id}/preview`, {}, `${name}.pdf`).catch(() => undefined);
