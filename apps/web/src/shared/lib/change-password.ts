import { request } from './request';

/** POST /api/user/cbs/updateEmpPwd: every session of the user is revoked on success. */
export async function changePassword(input: { oldPassword: string; newPassword: string }): Promise<void> {
  await request('/api/user/cbs/updateEmpPwd', { method: 'POST', data: input });
}
