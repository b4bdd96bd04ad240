import type { ProductBody, productRow, TemplateBody, templateRow } from '@lvb/contracts/guarantees';
import type { WireOf } from '@lvb/contracts/wire';
import { useQuery } from '@tanstack/react-query';
import type { ListAnswer } from '@/shared/lib/list';
import { request } from '@/shared/lib/request';

/** Guarantee products and their letter templates (`manager/product`). */

export type ProductRow = WireOf<typeof productRow>;
export type TemplateRow = WireOf<typeof templateRow>;

export const PRODUCTS_URL = '/api/guarantee/products';
export const TEMPLATES_URL = '/api/guarantee/templates';
/** Where the letterhead and seal images are uploaded (multipart `file`, answers `fileName`). */
export const TEMPLATE_UPLOAD_URL = '/api/letter/letterModel/uploadFile';

/** Creates (POST, under the attempt's Idempotency-Key) or saves (PUT) a product or a template. */
export const saveGuaranteeRecord = (
  url: typeof PRODUCTS_URL | typeof TEMPLATES_URL,
  id: number | undefined,
  body: ProductBody | TemplateBody,
  idempotencyKey: string,
) =>
  id
    ? request(`${url}/${id}`, { method: 'PUT', data: body })
    : request(url, { method: 'POST', data: body, headers: { 'Idempotency-Key': idempotencyKey } });

/** The templates a product may name: the first hundred, enough for a choice. */
export const useTemplateChoices = () =>
  useQuery({
    queryKey: [TEMPLATES_URL, 'choices'],
    queryFn: async () =>
      (await request<ListAnswer<TemplateRow>>(TEMPLATES_URL, { params: { pageNum: 1, pageSize: 100 } })).rows,
  });
