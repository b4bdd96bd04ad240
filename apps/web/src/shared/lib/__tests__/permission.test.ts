import { afterEach, describe, expect, it } from 'vitest';
import { hasPermission, hasRole } from '../permission';
import { sessionStore } from '../session';

const signIn = (roles: string[], permissions: string[]) =>
  sessionStore.set({ ...sessionStore.get(), roles, permissions });

afterEach(() => signIn([], []));

describe('permission checks', () => {
  it('grants what the session holds, any or all of a list', () => {
    signIn(['owner'], ['project:item:add', 'project:item:edit']);
    expect(hasPermission(['project:item:add', 'project:item:remove'])).toBe(true);
    expect(hasPermission(['project:item:add', 'project:item:remove'], 'all')).toBe(false);
    expect(hasPermission(['project:item:add', 'project:item:edit'], 'all')).toBe(true);
    expect(hasPermission(['system:user:add'])).toBe(false);
  });

  it('lets the administrator role and *:*:* pass, as the server does', () => {
    signIn(['admin'], []);
    expect(hasPermission(['system:user:add'], 'all')).toBe(true);
    expect(hasRole(['auditor'])).toBe(true);
    signIn(['owner'], ['*:*:*']);
    expect(hasPermission(['system:user:add', 'project:item:add'], 'all')).toBe(true);
    expect(hasRole(['auditor'])).toBe(false);
  });

  it('checks only the permissions given when they are passed', () => {
    signIn(['admin'], []);
    expect(hasPermission(['supplier:follow:list'], 'any', ['web:company:list'])).toBe(false);
    expect(hasPermission(['supplier:follow:list'], 'any', ['supplier:follow:list'])).toBe(true);
  });

  it('refuses an empty list as a programming error', () => {
    expect(() => hasPermission([])).toThrow(/at least one value/);
    expect(() => hasRole([])).toThrow(/at least one value/);
  });
});
