import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { projectRules } from '@lvb/contracts/project-rows';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { setLanguage } from '@/shared/lib/i18n';
import { renderPage } from '@/testing/render';
import { ProjectForm } from '../project-form';

type Rules = z.infer<typeof projectRules>;

const RULES: Rules = { valueLimitFen: 100_000_000, signupDays: 5, minParticipants: 3, guaranteeMaxPercent: 2 };

/** A draft as the server answers it: sign-up open 2 days, 1 participant, a guarantee above 2%. */
const DRAFT = {
  id: 5,
  code: 'LV20261125000005',
  name: 'Survey of the old bridge',
  ownerDeptId: 1,
  ownerName: 'Demo Owner',
  typeId: 2,
  typeName: 'Survey',
  typeNameZh: '勘察',
  subCategoryId: null,
  placeId: 7,
  placeName: 'Zhejiang',
  placeNameZh: '浙江省',
  budget: 30_000_000,
  model: 2,
  minParticipants: 1,
  guaranteeRequired: true,
  guaranteeAmount: 700_000,
  signupStart: '2026-12-01T01:00:00.000Z',
  bidDeadline: '2026-12-03T01:00:00.000Z',
  openingAt: '2026-12-04T01:00:00.000Z',
  publicityDays: 3,
  status: 'draft',
  statusReason: null,
  reissuedFrom: null,
  publishedAt: null,
  createdAt: '2026-11-25T01:00:00.000Z',
  updatedAt: '2026-11-25T01:00:00.000Z',
  qualification: '',
  description: '',
  contactName: 'Olivia',
  contactTel: '0571-88880000',
  documents: [],
  createdBy: 1,
  timeline: [],
  actions: ['edit'],
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The form's calls: options, dictionaries, the draft, its rules (or `rules: null`: not there yet) and the save. */
function serve({
  draft = DRAFT,
  rules = RULES,
  onSave = () => json({ code: 200, msg: 'saved' }),
}: {
  draft?: Record<string, unknown>;
  rules?: Rules | null;
  onSave?: () => Response;
} = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (init?.method === 'PUT' || init?.method === 'POST') return onSave();
    switch (url.pathname) {
      case '/api/hall/options':
        return json({
          code: 200,
          msg: 'ok',
          data: {
            types: [{ id: 2, code: 'survey', name: 'Survey', nameZh: '勘察', valueLimit: 1_000_000 }],
            subCategories: [],
            places: [{ id: 7, label: 'Zhejiang', labelZh: '浙江省', children: [] }],
          },
        });
      case '/system/dict/data/type/selection_model':
        return json({
          code: 200,
          msg: 'ok',
          data: [
            ['1', 'Pool draw', '库内抽取'],
            ['2', 'Price competition', '竞价'],
            ['3', 'Best value', '综合评分'],
          ].map(([dictValue, dictLabel, dictLabelZh], i) => ({
            dictValue,
            dictLabel,
            dictLabelZh,
            listClass: 'default',
            cssClass: '',
            dictSort: i,
            isDefault: 'N',
          })),
        });
      case '/api/projects/5':
        return json({ code: 200, msg: 'ok', data: draft });
      case '/api/projects/rules':
        return rules ? json({ code: 200, msg: 'ok', data: rules }) : json({ code: 404, msg: 'no such page' }, 404);
      default:
        return json({ code: 200, msg: 'ok', data: [] });
    }
  });
  vi.stubGlobal('fetch', fetchMock);
  const calls = () =>
    (fetchMock.mock.calls as unknown as [string, RequestInit | undefined][]).map(([input, init]) => ({
      method: init?.method ?? 'GET',
      url: new URL(input, 'http://localhost'),
      body: init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined,
    }));
  return { saves: () => calls().filter((c) => c.method !== 'GET'), calls };
}

const renderForm = () =>
  renderPage(<ProjectForm open id={5} onClose={() => undefined} onSaved={() => undefined} />, [
    'project:item:add',
    'project:item:edit',
  ]);

/** The error shown under the field with this label. */
async function errorOf(label: string | RegExp, text: string) {
  const field = (await screen.findByLabelText(label)).closest<HTMLElement>('.ant-form-item')!;
  return within(field).findByText(text);
}

describe('the project form', () => {
  afterEach(() => setLanguage('en'));

  it('shows the rules of the type and model before saving, and refuses what breaks them', async () => {
    const server = serve();
    const user = userEvent.setup();
    renderForm();
    const panel = await screen.findByTestId('project-rules');
    expect(within(panel).getByTestId('value-limit')).toHaveTextContent(
      'Value limit: the budget may be at most ¥1,000,000.00.',
    );
    expect(within(panel).getByTestId('signup-days')).toHaveTextContent(
      'Sign-up stays open at least 5 days, from its start to the bid deadline.',
    );
    expect(within(panel).getByTestId('min-participants')).toHaveTextContent('At least 3 participants.');
    expect(within(panel).getByTestId('guarantee-max')).toHaveTextContent(
      'A bid guarantee may be at most 2% of the budget: ¥6,000.00.',
    );
    const asked = server.calls().find((c) => c.url.pathname === '/api/projects/rules')!;
    expect(Object.fromEntries(asked.url.searchParams)).toEqual({ typeId: '2', model: '2' });

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await errorOf('Minimum participants', 'Enter a whole number of participants from 3 to 50.'),
    ).toBeInTheDocument();
    expect(
      await errorOf('Bid deadline', 'Sign-up must stay open at least 5 days for this type and model.'),
    ).toBeInTheDocument();
    expect(
      await errorOf('Bid guarantee amount (yuan)', 'The bid guarantee may be at most 2% of the budget, ¥6,000.00.'),
    ).toBeInTheDocument();

    const budget = screen.getByLabelText('Budget (yuan)');
    await user.clear(budget);
    await user.type(budget, '2000000');
    expect(
      await errorOf('Budget (yuan)', 'The budget is above the value limit of this type, ¥1,000,000.00.'),
    ).toBeInTheDocument();
    await user.clear(budget);
    await user.type(budget, '12abc');
    expect(
      await errorOf(
        'Budget (yuan)',
        'Enter a budget above 0 in yuan, in digits, with at most two decimals (for example 300000 or 300,000.50).',
      ),
    ).toBeInTheDocument();
    expect(budget).toHaveValue('12abc');
    const participants = screen.getByLabelText('Minimum participants');
    await user.clear(participants);
    await user.type(participants, '3.5');
    expect(participants).toHaveValue('3.5');
    expect(
      await errorOf('Minimum participants', 'Enter a whole number of participants from 3 to 50.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(server.saves()).toHaveLength(0);
  });

  it('shows and checks the rules in Chinese', async () => {
    await setLanguage('zh-CN');
    serve();
    const user = userEvent.setup();
    renderForm();
    const panel = await screen.findByTestId('project-rules');
    expect(within(panel).getByText('该项目类型和选取方式的规则')).toBeInTheDocument();
    expect(within(panel).getByTestId('value-limit')).toHaveTextContent('限额：预算金额不能超过 ¥1,000,000.00。');
    expect(within(panel).getByTestId('signup-days')).toHaveTextContent('报名时间（自报名开始至投标截止）不少于 5 天。');
    expect(within(panel).getByTestId('min-participants')).toHaveTextContent('最少参与家数 3 家。');
    expect(within(panel).getByTestId('guarantee-max')).toHaveTextContent(
      '投标保证金不能超过预算金额的 2%，即 ¥6,000.00。',
    );
    await user.click(screen.getByRole('button', { name: /保\s?存/ }));
    expect(await errorOf('最少参与家数', '请输入 3 到 50 之间的整数参与家数。')).toBeInTheDocument();
    expect(await errorOf('投标截止时间', '该项目类型和选取方式的报名时间不少于 5 天。')).toBeInTheDocument();
  });

  it('puts a refusal of the server on the field it names, and toasts one the form does not show', async () => {
    const valid = {
      ...DRAFT,
      minParticipants: 3,
      guaranteeAmount: 600_000,
      bidDeadline: '2026-12-08T01:00:00.000Z',
      openingAt: '2026-12-09T01:00:00.000Z',
    };
    const refusals = [
      { field: 'bidDeadline', msg: 'sign-up must stay open at least 5 days for this type and model' },
      { field: 'budget', msg: 'budget: ¥300,000.00 is above the value limit of survey projects, ¥200,000.00' },
      { field: 'ownerDeptId', msg: 'the owner organisation is disabled' },
    ];
    let answer = 0;
    const server = serve({
      draft: valid,
      onSave: () => json({ code: 500, ...refusals[answer++]! }, 400),
    });
    const user = userEvent.setup();
    renderForm();
    await screen.findByTestId('project-rules');
    await waitFor(() => expect(screen.getByLabelText('Budget (yuan)')).toHaveValue('300000'));

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await errorOf('Bid deadline', refusals[0]!.msg)).toBeInTheDocument();
    expect(screen.getAllByText(refusals[0]!.msg)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await errorOf('Budget (yuan)', refusals[1]!.msg)).toBeInTheDocument();
    expect(screen.getAllByText(refusals[1]!.msg)).toHaveLength(1);

    // No field of the form shows the owner organisation: the message is a toast.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(refusals[2]!.msg)).toBeInTheDocument();
    expect(screen.getByText(refusals[2]!.msg).closest('.ant-form-item')).toBeNull();

    expect(server.saves()).toHaveLength(3);
    expect(server.saves()[0]!.body).toMatchObject({
      budget: 30_000_000,
      minParticipants: 3,
      guaranteeAmount: 600_000,
      publicityDays: 3,
    });
  });

  it('still saves when the rules cannot be loaded, and says the server checks them', async () => {
    const server = serve({
      draft: { ...DRAFT, minParticipants: 3, guaranteeAmount: 600_000 },
      rules: null,
      onSave: () => json({ code: 200, msg: 'saved' }),
    });
    const user = userEvent.setup();
    renderForm();
    expect(
      await screen.findByText('The rules of this type and model could not be loaded; they are checked when you save.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Budget (yuan)')).toHaveValue('300000'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.saves()).toHaveLength(1));
    expect(await screen.findByText('The draft was saved.')).toBeInTheDocument();
  });
});
