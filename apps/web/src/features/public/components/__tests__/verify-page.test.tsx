import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/shared/lib/i18n';
import { postsOf, stubServer } from '@/testing/render';
import { VerifyPage } from '../verify-page';

const LETTER = {
  letterNo: 'BH20261201000042',
  status: 'issued',
  kind: 'bid',
  beneficiary: 'Demo Owner',
  applicant: 'Hill Builders',
  projectCode: 'LV20261125000018',
  projectName: 'Survey of the ancient bridge',
  amountFen: 123_456_78,
  validFrom: '2026-12-01',
  validTo: '2027-03-01',
  issuedAt: '2026-12-01T02:30:00.000Z',
};

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/verify', element: <VerifyPage /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('the public letter verification page', () => {
  it('fills the form from the QR code’s URL and checks at once, in both languages', async () => {
    const server = stubServer(() => ({ code: 200, msg: 'ok', data: LETTER }));
    renderAt('/verify?no=bh20261201000042&code=%20abcd2345%20');
    const result = await screen.findByTestId('verify-result');
    const call = new URL(String(server.mock.calls[0]![0]), 'http://localhost');
    expect(call.pathname).toBe('/api/public/letters/verify');
    // Trimmed and in capitals, without a token.
    expect(Object.fromEntries(call.searchParams)).toEqual({ letterNo: 'BH20261201000042', code: 'ABCD2345' });
    expect(new Headers((server.mock.calls[0]![1] as RequestInit).headers).get('Authorization')).toBeNull();
    expect(screen.getByLabelText('Letter number')).toHaveValue('BH20261201000042');
    expect(screen.getByLabelText('Verification code')).toHaveValue('ABCD2345');

    expect(within(result).getByRole('heading', { name: 'Letter BH20261201000042' })).toBeInTheDocument();
    expect(screen.getByTestId('verify-status')).toHaveTextContent('Valid (Issued)');
    expect(screen.getByTestId('verify-status')).toHaveClass('vp-verdict--valid');
    expect(result).toHaveTextContent('KindBid guarantee');
    expect(result).toHaveTextContent('BeneficiaryDemo Owner');
    expect(result).toHaveTextContent('ApplicantHill Builders');
    expect(result).toHaveTextContent('ProjectLV20261125000018 Survey of the ancient bridge');
    expect(result).toHaveTextContent('Amount¥123,456.78');
    expect(screen.getByTestId('verify-amount-words')).toHaveTextContent('壹拾贰万叁仟肆佰伍拾陆元柒角捌分');
    expect(result).toHaveTextContent('Valid2026-12-01 to 2027-03-01');
    // The platform's time zone (Asia/Shanghai).
    expect(result).toHaveTextContent('Issued2026-12-01 10:30');

    await setLanguage('zh-CN');
    expect(await screen.findByText('有效（已出函）')).toBeInTheDocument();
    const zh = await screen.findByTestId('verify-result');
    expect(zh).toHaveTextContent('保函类型投标保函');
    expect(zh).toHaveTextContent('担保金额¥123,456.78');
    expect(zh).toHaveTextContent('金额大写壹拾贰万叁仟肆佰伍拾陆元柒角捌分');
    expect(zh).toHaveTextContent('有效期2026-12-01 至 2027-03-01');
    expect(zh).toHaveTextContent('出函时间2026-12-01 10:30');
    expect(screen.getByRole('button', { name: '查 验' })).toBeInTheDocument();
  });

  it('says a letter that ended is no longer in force, with its status', async () => {
    stubServer(() => ({ code: 200, msg: 'ok', data: { ...LETTER, status: 'surrendered', kind: 'advance' } }));
    renderAt('/verify?no=BH20261201000042&code=ABCD2345');
    const status = await screen.findByTestId('verify-status');
    expect(status).toHaveTextContent('No longer in force (Surrendered)');
    expect(status).toHaveClass('vp-verdict--ended');
    expect(screen.getByTestId('verify-result')).toHaveTextContent('Advance payment guarantee');
  });

  it('shows the empty state first, checks what is typed and puts it in the URL', async () => {
    const server = stubServer(() => ({ code: 200, msg: 'ok', data: LETTER }));
    const router = renderAt('/verify');
    expect(screen.getByText(/Enter the letter number and verification code printed on the letter/)).toBeVisible();
    const user = userEvent.setup();
    // Refused before any call: no number, a code of the wrong length.
    await user.type(screen.getByLabelText('Verification code'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Enter the letter number.')).toBeInTheDocument();
    expect(screen.getByText('The verification code has 8 letters and digits.')).toBeInTheDocument();
    expect(screen.getByLabelText('Verification code')).toHaveAttribute('aria-invalid', 'true');
    expect(server).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Letter number'), ' bh20261201000042 ');
    await user.clear(screen.getByLabelText('Verification code'));
    await user.type(screen.getByLabelText('Verification code'), 'abcd2345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByTestId('verify-result')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?no=BH20261201000042&code=ABCD2345');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('shows the server’s message when no letter has the number and code', async () => {
    const message = 'no letter has this number and verification code';
    stubServer(() => ({ code: 404, msg: message }));
    renderAt('/verify?no=BH20261201000042&code=ZZZZ2345');
    const notFound = await screen.findByTestId('verify-not-found');
    expect(notFound).toHaveTextContent('No such letter');
    expect(notFound).toHaveTextContent(message);
    expect(screen.queryByTestId('verify-result')).toBeNull();
  });

  it('says when checks are rate limited, with the server’s message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ code: 500, msg: 'too many requests, try again in 42 seconds' }), {
            status: 429,
            headers: { 'Content-Type': 'application/json' },
          }),
      ),
    );
    renderAt('/verify?no=BH20261201000042&code=ABCD2345');
    const limited = await screen.findByTestId('verify-rate-limited');
    expect(limited).toHaveTextContent('Too many checks');
    expect(limited).toHaveTextContent('try again in 42 seconds');
  });

  it('offers a retry when the server cannot be reached', async () => {
    const fetchMock = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/verify?no=BH20261201000042&code=ABCD2345');
    const failed = await screen.findByTestId('verify-failed');
    expect(failed).toHaveTextContent('Cannot reach the server, please check your network connection.');
    stubServer(() => ({ code: 200, msg: 'ok', data: LETTER }));
    await userEvent.setup().click(within(failed).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('verify-result')).toBeInTheDocument();
  });
});

describe('the file check on the verification page', () => {
  const pdf = () => new File(['%PDF-1.7 letter'], 'letter.pdf', { type: 'application/pdf' });

  it('says a file is the issued letter, with its status and SHA-256', async () => {
    const hash = 'ab'.repeat(32);
    const server = stubServer(() => ({
      code: 200,
      msg: 'ok',
      data: { matches: true, sha256: hash, letterNo: 'BH20261201000042', status: 'issued' },
    }));
    renderAt('/verify');
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText('PDF of the letter'), pdf());
    await user.click(screen.getByRole('button', { name: 'Check the file' }));
    const answer = await screen.findByTestId('file-matches');
    expect(answer).toHaveTextContent(
      'This file is exactly the letter BH20261201000042 issued by the platform (status: Issued).',
    );
    expect(answer).toHaveTextContent(`SHA-256 of the file: ${hash}`);
    const [post] = postsOf(server);
    expect(post!.path).toBe('/api/public/letters/verify-file');
    expect((post!.body as FormData).get('file')).toBeInstanceOf(File);
  });

  it('says a file that differs is not a letter the platform issued, in both languages', async () => {
    const hash = 'cd'.repeat(32);
    stubServer(() => ({ code: 200, msg: 'ok', data: { matches: false, sha256: hash, letterNo: null, status: null } }));
    renderAt('/verify');
    const user = userEvent.setup();
    // Nothing chosen yet: refused before any call.
    await user.click(screen.getByRole('button', { name: 'Check the file' }));
    expect(screen.getByText('Choose a PDF file first.')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('PDF of the letter'), pdf());
    await user.click(screen.getByRole('button', { name: 'Check the file' }));
    const answer = await screen.findByTestId('file-differs');
    expect(answer).toHaveTextContent('This file is not a letter issued by the platform: it may have been altered.');
    expect(answer).toHaveTextContent(hash);
    await setLanguage('zh-CN');
    expect(await screen.findByText('该文件不是平台出具的保函：可能已被篡改。')).toBeInTheDocument();
  });
});
