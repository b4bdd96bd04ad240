import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, signInAs } from './factories.ts';
import { bearer, createTestApp, type TestApp } from './test-app.ts';

/** A workflow action retried with the same Idempotency-Key gets the first answer (DESIGN §4). */
let t: TestApp;
let owner: string;
let auditor: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signInAs(t, 'owner1');
  auditor = await signInAs(t, 'auditor1');
});
afterAll(() => t.close());

const act = (token: string, id: number, action: string, key?: string, body?: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/projects/${id}/${action}`,
    headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
    ...(body ? { payload: body } : {}),
  });

describe('Idempotency-Key on workflow actions', () => {
  it('answers a retried submission with the first answer, and acts once', async () => {
    const id = await createProject(t, { owner, auditor }, 'draft');
    const first = await act(owner, id, 'submit', 'submit-1');
    expect(first.json().code).toBe(200);
    const again = await act(owner, id, 'submit', 'submit-1');
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    // Without the key the same action is refused: it happened once.
    expect((await act(owner, id, 'submit')).statusCode).toBe(409);
  });

  it('refuses the same key with another body', async () => {
    const id = await createProject(t, { owner, auditor }, 'pending_audit');
    expect((await act(auditor, id, 'reject', 'r-1', { reason: 'The budget is not explained' })).json().code).toBe(200);
    const other = await act(auditor, id, 'reject', 'r-1', { reason: 'Another reason altogether' });
    expect(other.statusCode).toBe(422);
    expect(other.json().msg).toMatch(/Idempotency-Key was already used for a different request/);
  });

  it('keeps keys apart per caller and per path', async () => {
    const a = await createProject(t, { owner, auditor }, 'draft');
    const b = await createProject(t, { owner, auditor }, 'draft');
    expect((await act(owner, a, 'submit', 'same')).json().code).toBe(200);
    const onB = await act(owner, b, 'submit', 'same');
    expect(onB.json().code).toBe(200);
    expect(onB.headers['idempotent-replayed']).toBeUndefined();
  });

  it('acts once for 20 simultaneous retries with one key', async () => {
    const id = await createProject(t, { owner, auditor }, 'draft');
    const answers = await Promise.all(Array.from({ length: 20 }, () => act(owner, id, 'submit', 'burst')));
    const fresh = answers.filter((a) => a.statusCode === 200 && !a.headers['idempotent-replayed']);
    expect(fresh).toHaveLength(1);
    for (const a of answers) {
      expect([200, 409]).toContain(a.statusCode);
      if (a.statusCode === 409) expect(a.json().msg).toMatch(/still being processed/);
    }
    const detail = (await t.app.inject({ method: 'GET', url: `/api/projects/${id}`, headers: bearer(owner) })).json();
    expect(detail.data.status).toBe('pending_audit');
  });

  it('refuses a malformed key', async () => {
    const id = await createProject(t, { owner, auditor }, 'draft');
    const res = await act(owner, id, 'submit', 'x'.repeat(101));
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/Idempotency-Key/);
  });
});
