import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ApplyDialog } from '@/features/public/components/apply-dialog';
import { setLanguage } from '@/shared/lib/i18n';
import { hallProject18 } from '@/testing/public-pages';
import { button, postsOf, renderPage, stubServer } from '@/testing/render';

/** The apply dialog of a project that requires a bid guarantee: the letter may come later. */

const STORED = `${'d4'.repeat(16)}.pdf`;
const PROJECT = hallProject18({ model: 2, guaranteeAmount: 5_000_000 });

const renderDialog = () =>
  renderPage(
    <MemoryRouter>
      <ApplyDialog
        project={PROJECT}
        open
        defaults={{ contactName: 'Hu Li', contactTel: '13900000001' }}
        onClose={() => undefined}
        onApplied={async () => undefined}
      />
    </MemoryRouter>,
    ['web:hall:apply'],
  );

const serve = () =>
  stubServer((url) =>
    url.pathname === '/common/upload'
      ? { code: 200, msg: 'ok', fileName: STORED }
      : { code: 200, msg: 'ok', data: { id: 3, status: 'pending_check' } },
  );

describe('applying to a project that requires a bid guarantee', () => {
  it('explains where the letter comes from and applies without its number', async () => {
    const server = serve();
    const user = userEvent.setup();
    renderDialog();
    const notice = await screen.findByTestId('apply-guarantee-notice');
    expect(notice).toHaveTextContent('This project requires a bid guarantee of ¥50,000.00. You may apply now');
    expect(notice).toHaveTextContent('Guarantees → Guarantee orders');
    const dialog = notice.closest<HTMLElement>('.ant-modal')!;
    await user.upload(
      dialog.querySelector<HTMLInputElement>('input[type=file]')!,
      new File(['%PDF'], 'licence.pdf', { type: 'application/pdf' }),
    );
    await within(dialog).findByText('licence.pdf');
    await user.click(button(dialog, 'Submit'));
    await waitFor(() => expect(postsOf(server).filter((p) => p.path.endsWith('/apply'))).toHaveLength(1));
    const sent = postsOf(server).find((p) => p.path.endsWith('/apply'))!;
    expect(sent.path).toBe('/api/hall/projects/18/apply');
    expect(sent.body).toEqual({ contactName: 'Hu Li', contactTel: '13900000001', documents: [STORED] });
  });

  it('says so in Chinese', async () => {
    await setLanguage('zh-CN');
    serve();
    renderDialog();
    const notice = await screen.findByTestId('apply-guarantee-notice');
    expect(notice).toHaveTextContent('该项目要求 ¥50,000.00 的投标保函。您可以先报名');
    expect(screen.getByText('选填。非本平台出具的保函由业主单位人工核验。')).toBeInTheDocument();
  });
});
