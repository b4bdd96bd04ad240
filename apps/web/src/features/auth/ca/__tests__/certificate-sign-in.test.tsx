import { createDecipheriv, createPublicKey, verify, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '@/shared/lib/i18n';
import { clearSession } from '@/shared/lib/session';
import { getToken } from '@/shared/lib/token';
import { renderPage, stubServer } from '@/testing/render';
import { EmployeeLoginPage } from '@/features/auth/components/employee-login-page';
import { SupplierLoginPage } from '@/features/auth/components/supplier-login-page';
import facts from './fixtures/facts.json';

const LOGIN_KEY = '0123456789abcdef';
const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const certificateFile = (name = 'rsa') => new File([readFileSync(path.join(fixtures, `${name}.p12`))], `${name}.p12`);

/** The login cipher undone (DESIGN §5): what the server reads. */
function decrypt(value: string): string {
  const decipher = createDecipheriv('aes-128-ecb', Buffer.from(LOGIN_KEY), null);
  return Buffer.concat([decipher.update(Buffer.from(value, 'base64')), decipher.final()]).toString('utf8');
}

function stubCertificateServer() {
  let challenges = 0;
  return stubServer((url) => {
    switch (url.pathname) {
      case '/api/common/site-info':
        return {
          code: 200,
          data: {
            platformName: 'P',
            consultPhone: '1',
            serviceHours: '9-5',
            loginKey: LOGIN_KEY,
            captchaEnabled: false,
          },
        };
      case '/api/common/common/captcha':
        return { code: 200, captchaEnabled: false };
      case '/api/caLogin/challenge':
        challenges += 1;
        return { code: 200, msg: 'ok', data: { na: `na-${challenges}`, challenge: `challenge text ${challenges}` } };
      case '/api/caLogin':
        return { code: 200, msg: 'ca-token' };
      default:
        return { code: 404, msg: 'not stubbed' };
    }
  });
}

function renderAt(path: '/weblogin' | '/adminlogin') {
  const router = createMemoryRouter(
    [
      { path: '/weblogin', element: <SupplierLoginPage /> },
      { path: '/adminlogin', element: <EmployeeLoginPage /> },
      { path: '/adminindex', element: <p>admin home</p> },
    ],
    { initialEntries: [path] },
  );
  renderPage(<RouterProvider router={router} />);
  return router;
}

/** Opens the certificate tab; its form arrives with its own chunk. */
async function openCertificateTab(name = 'Certificate') {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('tab', { name }));
  const panel = screen.getByRole('tabpanel', { name });
  await within(panel).findByTestId('login-submit');
  return { user, panel };
}

afterEach(() => clearSession());

describe('certificate sign-in', () => {
  it('signs in on /weblogin: the seven fields encrypted in the query, the challenge signed, the token kept', async () => {
    const fetchMock = stubCertificateServer();
    const router = renderAt('/weblogin');
    const { user, panel } = await openCertificateTab();
    await user.upload(within(panel).getByLabelText('Certificate file'), certificateFile());
    expect(within(panel).getByText('rsa.p12')).toBeVisible();
    await user.type(within(panel).getByLabelText('Certificate password', { selector: 'input' }), facts.password);
    await user.click(within(panel).getByTestId('login-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/adminindex'));
    expect(getToken()).toBe('ca-token');

    const [call] = fetchMock.mock.calls.filter(([input]) => String(input).startsWith('/api/caLogin?'));
    const [input, init] = call as unknown as [string, RequestInit];
    expect(init.method).toBe('POST');
    expect(init.body).toBeUndefined();
    const query = new URL(input, 'http://localhost').searchParams;
    expect([...query.keys()].sort()).toEqual(
      ['caKey', 'encoded', 'issuer', 'na', 'serialNumber', 'subKeyID', 'subject'].sort(),
    );
    const sent = Object.fromEntries([...query].map(([name, value]) => [name, decrypt(value)]));
    expect(sent).toMatchObject({
      na: 'na-1',
      encoded: facts.rsa.encoded,
      subject: facts.rsa.subject,
      issuer: facts.rsa.issuer,
      serialNumber: facts.rsa.serialNumber,
      subKeyID: facts.rsa.subKeyID,
    });
    // Encrypted in transit: no field is sent as it reads.
    expect([...query.values()]).not.toContain(facts.rsa.encoded);
    // The signature is over the challenge's UTF-8 text, by the certificate's key.
    const certificate = new X509Certificate(Buffer.from(facts.rsa.encoded, 'base64'));
    const signed = verify(
      'sha256',
      Buffer.from('challenge text 1'),
      createPublicKey(certificate.publicKey.export({ format: 'pem', type: 'spki' })),
      Buffer.from(sent.caKey!, 'base64'),
    );
    expect(signed).toBe(true);
  });

  it('signs in on /adminlogin with an ECDSA certificate', async () => {
    const fetchMock = stubCertificateServer();
    const router = renderAt('/adminlogin');
    const { user, panel } = await openCertificateTab();
    await user.upload(within(panel).getByLabelText('Certificate file'), certificateFile('ec'));
    await user.type(within(panel).getByLabelText('Certificate password', { selector: 'input' }), facts.password);
    await user.click(within(panel).getByTestId('login-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/adminindex'));
    const [call] = fetchMock.mock.calls.filter(([input]) => String(input).startsWith('/api/caLogin?'));
    const query = new URL(String(call![0]), 'http://localhost').searchParams;
    expect(decrypt(query.get('subject')!)).toBe(facts.ec.subject);
    const certificate = new X509Certificate(Buffer.from(facts.ec.encoded, 'base64'));
    const signature = Buffer.from(decrypt(query.get('caKey')!), 'base64');
    // DER, as the server reads ECDSA signatures.
    expect(
      verify('sha256', Buffer.from('challenge text 1'), { key: certificate.publicKey, dsaEncoding: 'der' }, signature),
    ).toBe(true);
  });

  it('says what is missing, and puts a wrong password under the password, in both languages', async () => {
    const fetchMock = stubCertificateServer();
    renderAt('/weblogin');
    const { user, panel } = await openCertificateTab();
    await user.click(within(panel).getByTestId('login-submit'));
    expect(within(panel).getByText('Choose your certificate file (.p12 or .pfx).')).toBeVisible();
    expect(within(panel).getByText('Enter the password of the certificate file.')).toBeVisible();

    await user.upload(within(panel).getByLabelText('Certificate file'), certificateFile());
    const password = within(panel).getByLabelText('Certificate password', { selector: 'input' });
    await user.type(password, 'not-the-password');
    await user.click(within(panel).getByTestId('login-submit'));
    await waitFor(() => expect(password).toHaveAccessibleDescription('Wrong password or not a certificate file.'));
    // Nothing was sent: the file did not open.
    expect(fetchMock.mock.calls.some(([input]) => String(input).startsWith('/api/caLogin'))).toBe(false);
    expect(getToken()).toBeFalsy();

    await setLanguage('zh-CN');
    await user.type(password, '2');
    await user.click(within(panel).getByTestId('login-submit'));
    await waitFor(() => expect(password).toHaveAccessibleDescription('密码错误或不是证书文件。'));
  });

  it('names a file whose encryption the browser cannot open under the file', async () => {
    stubCertificateServer();
    renderAt('/weblogin');
    const { user, panel } = await openCertificateTab();
    const file = within(panel).getByLabelText('Certificate file');
    await user.upload(file, certificateFile('legacy'));
    await user.type(within(panel).getByLabelText('Certificate password', { selector: 'input' }), facts.password);
    await user.click(within(panel).getByTestId('login-submit'));
    await waitFor(() => expect(file).toHaveAccessibleDescription(/cannot open this file’s encryption/));
  });
});
