import { request } from '@/shared/lib/request';

/** POST /api/register: a supplier company and its first user. */
export interface SupplierRegistration {
  compName: string;
  creditCode: string;
  contactName: string;
  tel: string;
  msgCode: string;
  uuid: string;
  password: string;
}

export async function registerSupplier(input: SupplierRegistration): Promise<void> {
  await request('/api/register', { method: 'POST', withToken: false, data: input });
}

/** POST /api/employee/register: an owner organisation's request for a back-office account. */
export interface OwnerAccountRequest {
  orgName: string;
  departCategory: string;
  contactName: string;
  tel: string;
  msgCode: string;
  uuid: string;
  loginUid: string;
}

export async function requestOwnerAccount(input: OwnerAccountRequest): Promise<void> {
  await request('/api/employee/register', { method: 'POST', withToken: false, data: input });
}
