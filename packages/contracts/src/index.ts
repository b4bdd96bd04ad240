export * from './errors.ts';
export * from './limits.ts';
export * from './ids.ts';
export * from './access.ts';
export * from './views.ts';
export * from './identity.ts';
export * from './admin.ts';
export * from './projects.ts';
