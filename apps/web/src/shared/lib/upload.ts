import { request } from './request';

/** POST /common/upload (form field `file`, bearer token): answers the server's `fileName`. */
export async function uploadFile(file: File, url = '/common/upload'): Promise<{ fileName: string; url?: string }> {
  const form = new FormData();
  form.append('file', file);
  const body = await request(url, { method: 'POST', data: form, quiet: true });
  const fileName = typeof body.fileName === 'string' ? body.fileName : '';
  if (!fileName) throw new Error('The upload answer carried no fileName.');
  return { fileName, url: typeof body.url === 'string' ? body.url : undefined };
}

/** The file's extension in lower case, without the dot. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot + 1).toLowerCase();
}
