import type { employeeRegisterBody, supplierRegisterBody } from '@lvb/contracts/identity';
import type { z } from 'zod';
import { request } from '@/shared/lib/request';

/** POST /api/register: a supplier company and its first user. */
export type SupplierRegistration = z.input<typeof supplierRegisterBody>;

export async function registerSupplier(input: SupplierRegistration): Promise<void> {
  await request('/api/register', { method: 'POST', withToken: false, data: input });
}

/** POST /api/employee/register: an owner organisation's request for a back-office account. */
export type OwnerAccountRequest = z.input<typeof employeeRegisterBody>;

export async function requestOwnerAccount(input: OwnerAccountRequest): Promise<void> {
  await request('/api/employee/register', { method: 'POST', withToken: false, data: input });
}
