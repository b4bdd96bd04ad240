import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/shared/lib/i18n';
import { button, findButton, postsOf, renderPage, stubServer } from '@/testing/render';
import LettersPage from '../letters-page';
import { CLAIM, claimDictAnswer } from './claims-fixtures';
import { dialogTitled, fill, ok, ORDER } from './fixtures';

const LETTER = {
  ...ORDER,
  status: 'issued',
  letterNo: 'GL20261205000041',
  validFrom: '2026-12-05',
  validTo: '2027-06-03',
  issuedAt: '2026-12-05T02:00:00.000Z',
};

function serve(claim: Record<string, unknown> = {}) {
  return stubServer((url, init) => {
    const dict = claimDictAnswer(url);
    if (dict) return dict;
    if (init?.method === 'POST') return ok({ data: { ...CLAIM, status: 'paid' } });
    if (url.pathname === '/api/guarantee/letters') return ok({ rows: [LETTER], total: 1 });
    if (url.pathname === '/api/guarantee/claims') return ok({ rows: [{ ...CLAIM, ...claim }], total: 1 });
    return ok({ data: [] });
  });
}

const STAFF = ['guarantee:letter:list', 'guarantee:letter:claim', 'guarantee:letter:export'];

async function openClaims(permissions = STAFF, tab = 'Claims') {
  const user = userEvent.setup();
  renderPage(
    <MemoryRouter>
      <LettersPage />
    </MemoryRouter>,
    permissions,
  );
  expect(await screen.findByText('GL20261205000041')).toBeInTheDocument();
  await user.click(screen.getByText(tab));
  await screen.findByText(CLAIM.claimNo);
  return user;
}

const listed = (server: ReturnType<typeof serve>) =>
  server.mock.calls.filter(
    ([input]) => new URL(String(input), 'http://localhost').pathname === '/api/guarantee/claims',
  );

describe('the claims on issued letters (manager/gl, Claims tab)', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it('lists the claims with their filters and opens one with both amounts in capital numerals', async () => {
    serve();
    const user = await openClaims();
    const tab = screen.getByTestId('guarantee-claims');
    expect(within(tab).getByText('Hill Builders')).toBeInTheDocument();
    expect(within(tab).getByText('¥50,000.00')).toBeInTheDocument();
    expect(within(tab).getByText('¥12,345.50')).toBeInTheDocument();
    expect(within(tab).getByLabelText('Claim no., letter no., supplier or project')).toBeInTheDocument();
    expect(within(tab).getByText('Export')).toBeInTheDocument();
    await user.click(button(tab, 'View'));
    const detail = await screen.findByTestId('claim-detail');
    expect(within(detail).getByTestId('claim-letter-amount')).toHaveTextContent('¥50,000.00（伍万元整）');
    expect(within(detail).getByTestId('claim-amount')).toHaveTextContent('¥12,345.50（壹万贰仟叁佰肆拾伍元伍角整）');
    expect(within(detail).getByText('withdrawal-letter.pdf')).toBeInTheDocument();
    expect(within(detail).getByText('The bidder withdrew after the deadline')).toBeInTheDocument();
  });

  it('pays a filed claim after a confirmation stating the amount in figures and capital numerals', async () => {
    const server = serve();
    const user = await openClaims();
    const before = listed(server).length;
    await user.click(await findButton(screen.getByTestId('guarantee-claims'), 'Pay'));
    const confirm = await screen.findByTestId('pay-confirm');
    expect(within(confirm).getByTestId('pay-amount-figures')).toHaveTextContent('¥12,345.50');
    expect(within(confirm).getByTestId('pay-amount-words')).toHaveTextContent('壹万贰仟叁佰肆拾伍元伍角整');
    expect(confirm).toHaveTextContent('The letter ends once the claim is paid');
    expect(postsOf(server)).toHaveLength(0);
    await user.click(button(confirm.closest<HTMLElement>('.ant-modal')!, 'Pay'));
    await waitFor(() => expect(postsOf(server)).toHaveLength(1));
    expect(postsOf(server)[0]).toMatchObject({ path: '/api/guarantee/claims/9/pay' });
    expect(postsOf(server)[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('The claim is paid; the letter has ended.')).toBeInTheDocument();
    await waitFor(() => expect(listed(server).length).toBeGreaterThan(before));
  });

  it('refuses a claim only with a reason', async () => {
    const server = serve();
    const user = await openClaims();
    await user.click(await findButton(screen.getByTestId('guarantee-claims'), 'Refuse'));
    const dialog = await dialogTitled('Refuse claim GC20261215000009 of Demo Owner');
    await user.click(button(dialog, 'Confirm'));
    expect(await within(dialog).findByText('Give the reason (at least 2 characters).')).toBeInTheDocument();
    expect(postsOf(server)).toHaveLength(0);
    await fill(user, within(dialog).getByLabelText('Reason'), 'The bidder did not withdraw');
    await user.click(button(dialog, 'Confirm'));
    await waitFor(() => expect(postsOf(server)).toHaveLength(1));
    expect(postsOf(server)[0]).toMatchObject({
      path: '/api/guarantee/claims/9/refuse',
      body: { reason: 'The bidder did not withdraw' },
    });
    expect(postsOf(server)[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('The claim is refused; the letter stays in force.')).toBeInTheDocument();
  });

  it('offers no decision to those who may only read', async () => {
    serve();
    await openClaims(['guarantee:letter:list']);
    const tab = screen.getByTestId('guarantee-claims');
    expect(within(tab).getByText('View')).toBeInTheDocument();
    expect(within(tab).queryByText('Pay')).toBeNull();
    expect(within(tab).queryByText('Refuse')).toBeNull();
    expect(within(tab).queryByText('Export')).toBeNull();
  });

  it('offers no decision on a decided claim, and shows why it was refused', async () => {
    serve({ status: 'refused', statusReason: 'No breach shown' });
    await openClaims();
    const tab = screen.getByTestId('guarantee-claims');
    expect(within(tab).getByText('No breach shown')).toBeInTheDocument();
    expect(within(tab).queryByText('Pay')).toBeNull();
    expect(within(tab).queryByText('Refuse')).toBeNull();
  });

  it('pays in Chinese: 索赔 tab, 赔付 with the amount in capital numerals', async () => {
    await i18n.changeLanguage('zh-CN');
    const server = serve();
    const user = await openClaims(['guarantee:letter:list', 'guarantee:letter:claim'], '索赔');
    expect(screen.getByText('保函')).toBeInTheDocument();
    expect(within(screen.getByTestId('guarantee-claims')).queryByText('导出')).toBeNull();
    await user.click(await findButton(screen.getByTestId('guarantee-claims'), '赔付'));
    const confirm = await screen.findByTestId('pay-confirm');
    expect(within(confirm).getByTestId('pay-amount-words')).toHaveTextContent('壹万贰仟叁佰肆拾伍元伍角整');
    expect(confirm).toHaveTextContent('赔付后保函即告终止');
    // antd spaces out a button's two Chinese characters
    await user.click(button(confirm.closest<HTMLElement>('.ant-modal')!, '赔 付'));
    await waitFor(() => expect(postsOf(server)).toHaveLength(1));
    expect(await screen.findByText('已赔付，保函已终止。')).toBeInTheDocument();
  });
});
