import type { applicationGuarantee, letterChoice } from '@lvb/contracts/guarantees';
import type { WireOf } from '@lvb/contracts/wire';
import { useQuery } from '@tanstack/react-query';
import { request } from '@/shared/lib/request';
import { MY_APPLICATIONS_URL } from './my-applications';

/**
 * The guarantee letter an application holds (web/project): the company's issued bid letters for
 * the project, whether each suffices, and the choice of one of them or of a letter from elsewhere.
 */

export type LetterChoice = WireOf<typeof letterChoice>;
export type ApplicationGuarantee = WireOf<typeof applicationGuarantee>;

/** Where a supplier's menu puts its guarantee orders (`web/order` in the `orders` directory). */
export const SUPPLIER_ORDERS_PATH = '/orders/order';

export const letterChoicesKey = (applicationId: number) => [`${MY_APPLICATIONS_URL}/${applicationId}/letters`];

/** The company's issued bid letters for the application's project (asked while the dialog is open). */
export const useLetterChoices = (applicationId: number | undefined) =>
  useQuery({
    queryKey: letterChoicesKey(applicationId ?? 0),
    queryFn: async () =>
      ((await request(`${MY_APPLICATIONS_URL}/${applicationId}/letters`)).data ?? []) as LetterChoice[],
    enabled: applicationId !== undefined,
  });

/** The application takes an issued letter of the company (`orderId`) or names one from elsewhere (`letterNo`). */
export const takeLetter = async (applicationId: number, body: { orderId: number } | { letterNo: string }) =>
  (await request(`${MY_APPLICATIONS_URL}/${applicationId}/guarantee`, { method: 'PUT', data: body }))
    .data as ApplicationGuarantee;
