import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { button, findButton, postsOf, renderPage, stubServer } from '@/testing/render';
import { CertificatesCard } from '../certificates-card';
import facts from './fixtures/facts.json';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const certificateFile = (name: string) => new File([readFileSync(path.join(fixtures, `${name}.p12`))], `${name}.p12`);

const SHA = 'ab'.repeat(32);
const BOUND = {
  sha256: SHA,
  // As the server keeps names: one line, RFC 2253 escapes.
  subject: 'C=CN, O=Lianhe Survey\\, Design Co., CN=Wang Fang',
  issuer: 'C=CN, O=Fixture CA, CN=Fixture Issuing CA',
  serialNumber: '2A',
  notBefore: '2026-01-01T00:00:00.000Z',
  notAfter: '2027-06-30T16:00:00.000Z',
  createdAt: '2026-11-26T02:05:00.000Z',
};

/** The server of the card: the list (emptied by a removal), a challenge, bind and remove. */
function serve({ refuseBind }: { refuseBind?: string } = {}) {
  let rows = [BOUND];
  return stubServer((url, init) => {
    if (url.pathname === '/api/user/ca' && init?.method !== 'DELETE')
      return { code: 200, msg: 'ok', rows, total: rows.length };
    if (url.pathname === '/api/caLogin/challenge')
      return { code: 200, msg: 'ok', data: { na: 'na-7', challenge: 'bind me' } };
    if (url.pathname === '/api/user/ca/bind') {
      return refuseBind ? { code: 500, msg: refuseBind } : { code: 200, msg: 'certificate bound' };
    }
    if (url.pathname === `/api/user/ca/${SHA}` && init?.method === 'DELETE') {
      rows = [];
      return { code: 200, msg: 'certificate removed' };
    }
    return { code: 404, msg: 'not stubbed' };
  });
}

const dialogTitled = async (title: string | RegExp) =>
  (await screen.findAllByText(title)).map((el) => el.closest<HTMLElement>('.ant-modal')).find(Boolean)!;

describe('the certificates card', () => {
  it('lists the bound certificates with their times in the platform’s time zone', async () => {
    serve();
    renderPage(<CertificatesCard />);
    const card = screen.getByTestId('certificates-card');
    // Shown without its escapes.
    expect(await within(card).findByText('C=CN, O=Lianhe Survey, Design Co., CN=Wang Fang')).toBeInTheDocument();
    expect(within(card).getByText(BOUND.issuer)).toBeInTheDocument();
    expect(within(card).getByText('2A')).toBeInTheDocument();
    // Asia/Shanghai wall time.
    expect(within(card).getByText('2027-07-01 00:00')).toBeInTheDocument();
    expect(within(card).getByText('2026-11-26 10:05')).toBeInTheDocument();
  });

  it('binds a certificate: the file opened here, a fresh challenge signed, the certificate sent', async () => {
    const server = serve();
    const user = userEvent.setup();
    renderPage(<CertificatesCard />);
    await user.click(await findButton(screen.getByTestId('certificates-card'), 'Bind a certificate'));
    const dialog = await dialogTitled(/^Pick your certificate file/);
    await user.upload(dialog.querySelector<HTMLInputElement>('input[type=file]')!, certificateFile('ec'));
    await user.click(within(dialog).getByLabelText('Certificate password'));
    await user.paste(facts.password);
    await user.click(button(dialog.querySelector<HTMLElement>('.ant-modal-footer')!, 'Bind a certificate'));
    await waitFor(() => expect(postsOf(server).filter((p) => p.path === '/api/user/ca/bind')).toHaveLength(1));
    const body = postsOf(server).find((p) => p.path === '/api/user/ca/bind')!.body as Record<string, string>;
    expect(Object.keys(body).sort()).toEqual(['caKey', 'encoded', 'na']);
    expect(body).toMatchObject({ encoded: facts.ec.encoded, na: 'na-7' });
    expect(await screen.findByText('Certificate bound: it can now sign in to this account.')).toBeInTheDocument();
  });

  it('keeps a wrong password under its field and the server’s refusal in the dialog', async () => {
    const server = serve({ refuseBind: 'certificate not accepted: the certificate has expired' });
    const user = userEvent.setup();
    renderPage(<CertificatesCard />);
    await user.click(await findButton(screen.getByTestId('certificates-card'), 'Bind a certificate'));
    const dialog = await dialogTitled(/^Pick your certificate file/);
    const footer = dialog.querySelector<HTMLElement>('.ant-modal-footer')!;
    await user.click(button(footer, 'Bind a certificate'));
    expect(await within(dialog).findByText('Choose your certificate file (.p12 or .pfx).')).toBeInTheDocument();
    await user.upload(dialog.querySelector<HTMLInputElement>('input[type=file]')!, certificateFile('rsa'));
    await user.click(within(dialog).getByLabelText('Certificate password'));
    await user.paste('wrong');
    await user.click(button(footer, 'Bind a certificate'));
    expect(await within(dialog).findByText('Wrong password or not a certificate file.')).toBeInTheDocument();
    expect(postsOf(server).filter((p) => p.path === '/api/user/ca/bind')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Certificate password'));
    await user.paste(facts.password);
    await user.click(button(footer, 'Bind a certificate'));
    expect(await within(dialog).findByTestId('bind-certificate-refusal')).toHaveTextContent(
      'certificate not accepted: the certificate has expired',
    );
  });

  it('removes a certificate after asking', async () => {
    const server = serve();
    const user = userEvent.setup();
    renderPage(<CertificatesCard />);
    const card = screen.getByTestId('certificates-card');
    await user.click(await findButton(card, 'Remove'));
    const confirm = await dialogTitled('Remove this certificate?');
    expect(confirm).toHaveTextContent('It will no longer sign in to this account.');
    await user.click(button(confirm, 'Remove'));
    await waitFor(() =>
      expect(server.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'DELETE')).toBe(true),
    );
    const [input] = server.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === 'DELETE')!;
    expect(new URL(String(input), 'http://localhost').pathname).toBe(`/api/user/ca/${SHA}`);
    expect(await within(card).findByText('No certificate is bound to this account.')).toBeInTheDocument();
  });
});
