import { i18n } from './i18n';
import { feedback } from './notify';
import { buildUrl, judgeBody, RequestError, type ApiEnvelope, type Query } from './request';
import { getToken } from './token';

/**
 * File downloads (spec §7): a form-encoded POST or a GET returning a blob. A failed download
 * answers JSON instead of a file; its message is shown, and session codes open the same dialog as
 * any other call (RuoYi let a 401 during a download bypass it). Nothing asks the server to delete
 * the file afterwards: that is the server's decision, not a client flag.
 */
function saveBlob(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1_000);
}

function filenameFrom(response: Response, fallback: string): string {
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? fallback;
}

async function receive(response: Response, filename: string): Promise<void> {
  const type = response.headers.get('Content-Type') ?? '';
  if (type.includes('application/json')) {
    const body = (await response.json()) as ApiEnvelope;
    // A JSON answer to a download is always a failure, even when its code says otherwise.
    judgeBody({ ...body, code: body.code === 200 ? 500 : body.code }, response.status);
    return;
  }
  if (!response.ok) throw new RequestError(i18n.t('request.downloadFailed'), response.status);
  saveBlob(await response.blob(), filenameFrom(response, filename));
}

async function run(fetcher: () => Promise<Response>, filename: string): Promise<void> {
  const hide = feedback().message.loading({ content: i18n.t('request.downloading'), duration: 0 });
  try {
    await receive(await fetcher(), filename);
  } catch (error) {
    if (!(error instanceof RequestError) || error.code === 0 || error.message === i18n.t('request.downloadFailed')) {
      feedback().message.error(i18n.t('request.downloadFailed'));
    }
    throw error;
  } finally {
    hide();
  }
}

/** The session and the app's language (not the browser's): a workbook's headers follow the reader. */
function authHeaders(): Headers {
  const headers = new Headers({ 'Accept-Language': i18n.language });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

/** POST the parameters form-encoded and save the answer as `filename`. */
export function downloadPost(url: string, params: Query, filename: string): Promise<void> {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) form.append(key, String(value));
  }
  const headers = authHeaders();
  headers.set('Content-Type', 'application/x-www-form-urlencoded');
  return run(() => fetch(url, { method: 'POST', headers, body: form }), filename);
}

/** GET a file (e.g. `/common/download/resource?resource=…`) with the bearer token. */
export function downloadGet(url: string, params: Query, filename: string): Promise<void> {
  return run(() => fetch(buildUrl(url, params), { headers: authHeaders() }), filename);
}
