import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { checkDraw, type DrawCheck } from '@lvb/contracts/draw';
import type { publicDraw, publicDrawRow } from '@lvb/contracts/draws';
import { DEFAULT_PAGE_SIZE } from '@lvb/contracts/limits';
import type { WireOf } from '@lvb/contracts/wire';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { pagedList } from '@/shared/api/paged-list';
import { formatTime } from '@/shared/lib/format';
import { request } from '@/shared/lib/request';
import './plain-hall.css';
import { PlainPager } from './plain-pager';
import { usePageHref } from './url-list';
import { PlainEmpty, PlainLoadFailed, PlainSkeleton, PlainTag } from './plain-states';
import { buttonText } from './plain-texts';
import { SectionFrame } from './section-frame';
import { numberParam, patchParams } from './url-params';
import './extract-page.css';

/** A draw of the list, and one as the public reads it: seed, entropy and order are null until the draw. */
type PublicDrawRow = WireOf<typeof publicDrawRow>;
type PublicDraw = WireOf<typeof publicDraw>;

const PUBLIC_DRAWS_URL = '/api/public/draws';

/** The public draws (no token); the types alone come from the contracts, so this chunk loads no zod. */
const publicDrawsQuery = (page: { pageNum: number; pageSize: number }) =>
  queryOptions({
    queryKey: [PUBLIC_DRAWS_URL, page],
    queryFn: () => pagedList<PublicDrawRow>(PUBLIC_DRAWS_URL, { ...page }, false),
    placeholderData: keepPreviousData,
  });

const publicDrawQuery = (id: number) =>
  queryOptions({
    queryKey: [PUBLIC_DRAWS_URL, 'detail', id],
    queryFn: async ({ signal }) =>
      (await request(`${PUBLIC_DRAWS_URL}/${id}`, { withToken: false, quiet: true, signal })).data as PublicDraw,
    retry: false,
  });

type DrawStatus = PublicDrawRow['status'];
type PickStatus = PublicDraw['picks'][number]['status'];

const STATUS_COLOURS: Record<DrawStatus, string> = {
  scheduled: 'processing',
  drawn: 'gold',
  engaged: 'success',
  failed: 'error',
  cancelled: 'default',
};
const PICK_COLOURS: Record<PickStatus, string> = {
  asked: 'processing',
  confirmed: 'success',
  declined: 'warning',
  expired: 'error',
};

/** A long hex string shortened for a list: its first and last eight characters. */
const shortHash = (hash: string) => (hash.length > 20 ? `${hash.slice(0, 8)}…${hash.slice(-8)}` : hash);

function StatusTag({ status }: { status: DrawStatus }) {
  const { t } = useTranslation();
  return <PlainTag color={STATUS_COLOURS[status]}>{t(`publicExtract.status.${status}`)}</PlainTag>;
}

/** One draw of the list: project, draw time, status, candidates and the list hash shortened. */
function DrawCard({ row, to }: { row: PublicDrawRow; to: string }) {
  const { t } = useTranslation();
  return (
    <Link to={to} className="ph-card" data-testid="extract-row">
      <div className="ph-card__head">
        <span className="ph-card__name">{row.projectName}</span>
        <StatusTag status={row.status} />
      </div>
      <div className="ph-card__meta">
        <span>
          {t('publicExtract.field.code')}: {row.projectCode}
        </span>
        <span>
          {t('publicExtract.field.owner')}: {row.ownerName}
        </span>
        <span>
          {t('publicExtract.field.drawAt')}: {formatTime(row.drawAt)}
        </span>
        <span>{t('publicExtract.count', { count: row.candidateCount })}</span>
        <span>
          {t('publicExtract.field.listHash')}:{' '}
          <code className="xp-hash" title={row.listHash}>
            {shortHash(row.listHash)}
          </code>
        </span>
        {row.engagedCompany ? (
          <span>
            {t('publicExtract.field.engaged')}: {row.engagedCompany}
          </span>
        ) : null}
      </div>
    </Link>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="xp-facts">
      {rows.map(([label, value]) => (
        <div className="xp-facts__row" key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const Verdict = ({ ok, label }: { ok: boolean; label: string }) => {
  const { t } = useTranslation();
  return (
    <li className={`xp-verdict ${ok ? 'xp-verdict--ok' : 'xp-verdict--bad'}`} data-testid="extract-verdict">
      <span aria-hidden="true">{ok ? '✓' : '✗'}</span> {label}:{' '}
      {ok ? t('publicExtract.check.matches') : t('publicExtract.check.differs')}
    </li>
  );
};

/** "Check this draw": the list hash, commitment and order re-computed in the browser (Web Crypto). */
function DrawCheckPanel({ draw, names }: { draw: PublicDraw; names: Map<number, string> }) {
  const { t } = useTranslation();
  const [state, setState] = useState<
    { kind: 'idle' } | { kind: 'running' } | { kind: 'done'; check: DrawCheck } | { kind: 'unavailable' }
  >({ kind: 'idle' });

  const run = async () => {
    setState({ kind: 'running' });
    try {
      if (!globalThis.crypto?.subtle) throw new Error('no Web Crypto');
      const check = await checkDraw({
        listText: draw.listText,
        listHash: draw.listHash,
        commitment: draw.commitment,
        seed: draw.seed ?? '',
        entropy: draw.entropy ?? '',
        order: draw.order ?? [],
      });
      setState({ kind: 'done', check });
    } catch {
      setState({ kind: 'unavailable' });
    }
  };

  const check = state.kind === 'done' ? state.check : null;
  const all = check && check.listHashMatches && check.commitmentMatches && check.orderMatches;
  return (
    <section className="xp-section xp-check" aria-labelledby="xp-check-title">
      <h3 id="xp-check-title" className="xp-section__title">
        {t('publicExtract.check.title')}
      </h3>
      <p className="xp-hint">{t('publicExtract.check.hint')}</p>
      <button
        type="button"
        className="ph-btn xp-btn--primary xp-no-print"
        onClick={() => void run()}
        disabled={state.kind === 'running'}
      >
        {state.kind === 'running' ? t('publicExtract.check.running') : buttonText(t('publicExtract.check.run'))}
      </button>
      <div aria-live="polite" className="xp-check__outcome">
        {state.kind === 'unavailable' ? (
          <p className="xp-notice xp-notice--bad" role="alert">
            {t('publicExtract.check.unavailable')}
          </p>
        ) : null}
        {check ? (
          <div data-testid="extract-check">
            <p className={`xp-notice ${all ? 'xp-notice--ok' : 'xp-notice--bad'}`} role="status">
              {all ? t('publicExtract.check.allMatch') : t('publicExtract.check.someDiffer')}
            </p>
            <ul className="xp-verdicts">
              <Verdict ok={check.listHashMatches} label={t('publicExtract.check.listHash')} />
              <Verdict ok={check.commitmentMatches} label={t('publicExtract.check.commitment')} />
              <Verdict ok={check.orderMatches} label={t('publicExtract.check.order')} />
            </ul>
            <p className="xp-label">
              {t('publicExtract.check.computedOrder')}: <code className="xp-hash">[{check.order.join(', ')}]</code>
            </p>
            <ol className="xp-order" data-testid="extract-computed-order">
              {check.order.map((position) => (
                <li key={position}>{names.get(position) ?? String(position)}</li>
              ))}
            </ol>
          </div>
        ) : null}
      </div>
    </section>
  );
}

/** A draw's published record: facts, the list, hash and commitment; after the draw seed, order, asks and the check. */
function DrawRecord({ draw }: { draw: PublicDraw }) {
  const { t } = useTranslation();
  const names = new Map(draw.candidates.map((c) => [c.position, c.companyName]));
  const drawn = draw.seed !== null && draw.order !== null;
  const picks = [...draw.picks].sort((a, b) => a.rank - b.rank);
  return (
    <article className="xp-record" data-testid="extract-detail" aria-labelledby="xp-record-title">
      <div className="xp-record__head">
        <h2 id="xp-record-title" className="xp-record__title">
          {draw.projectName}
        </h2>
        <StatusTag status={draw.status} />
      </div>
      <Facts
        rows={[
          [t('publicExtract.field.code'), draw.projectCode],
          [t('publicExtract.field.owner'), draw.ownerName],
          [t('publicExtract.field.drawAt'), formatTime(draw.drawAt)],
          [t('publicExtract.field.candidates'), draw.candidateCount],
          [t('publicExtract.field.reserves'), draw.reserves],
          [
            t('publicExtract.field.listHash'),
            <code className="xp-hash" data-testid="extract-list-hash">
              {draw.listHash}
            </code>,
          ],
          [
            t('publicExtract.field.commitment'),
            <code className="xp-hash" data-testid="extract-commitment">
              {draw.commitment}
            </code>,
          ],
          ...(drawn
            ? ([
                [
                  t('publicExtract.field.seed'),
                  <code className="xp-hash" data-testid="extract-seed">
                    {draw.seed}
                  </code>,
                ],
                [
                  t('publicExtract.field.entropy'),
                  draw.entropy ? <code className="xp-hash">{draw.entropy}</code> : t('publicExtract.noEntropy'),
                ],
                [t('publicExtract.field.drawnAt'), formatTime(draw.drawnAt)],
              ] as [string, ReactNode][])
            : []),
          ...(draw.engagedCompany
            ? ([[t('publicExtract.field.engaged'), draw.engagedCompany]] as [string, ReactNode][])
            : []),
        ]}
      />

      {!drawn && draw.status === 'scheduled' ? (
        <div className="xp-notice xp-notice--info" data-testid="extract-not-drawn">
          <strong>{t('publicExtract.notDrawn')}</strong>
          <span>{t('publicExtract.notDrawnText')}</span>
        </div>
      ) : null}

      {drawn ? (
        <>
          <section className="xp-section" aria-labelledby="xp-order-title">
            <h3 id="xp-order-title" className="xp-section__title">
              {t('publicExtract.order')}
            </h3>
            <ol className="xp-order" data-testid="extract-order">
              {draw.order!.map((position) => (
                <li key={position}>{names.get(position) ?? String(position)}</li>
              ))}
            </ol>
          </section>
          <section className="xp-section" aria-labelledby="xp-asked-title">
            <h3 id="xp-asked-title" className="xp-section__title">
              {t('publicExtract.asked')}
            </h3>
            {picks.length === 0 ? (
              <p className="xp-hint">{t('publicExtract.noneAsked')}</p>
            ) : (
              <ol className="xp-asked" data-testid="extract-picks">
                {picks.map((p) => (
                  <li key={p.id}>
                    <span className="xp-asked__name">{p.companyName}</span>{' '}
                    <PlainTag color={PICK_COLOURS[p.status]}>{t(`publicExtract.pick.${p.status}`)}</PlainTag>
                    <span className="xp-hint">
                      {' '}
                      {p.answeredAt
                        ? formatTime(p.answeredAt)
                        : `${t('publicExtract.field.deadline')} ${formatTime(p.deadline)}`}
                    </span>
                  </li>
                ))}
              </ol>
            )}
          </section>
        </>
      ) : null}

      <section className="xp-section" aria-labelledby="xp-list-title">
        <h3 id="xp-list-title" className="xp-section__title">
          {t('publicExtract.list')}
        </h3>
        <p className="xp-hint">{t('publicExtract.listHint')}</p>
        <div className="xp-table-wrap">
          <table className="xp-table" data-testid="extract-candidates">
            <thead>
              <tr>
                <th scope="col">{t('publicExtract.field.position')}</th>
                <th scope="col">{t('publicExtract.field.creditCode')}</th>
                <th scope="col">{t('publicExtract.field.company')}</th>
              </tr>
            </thead>
            <tbody>
              {draw.candidates.map((c) => (
                <tr key={c.position}>
                  <td>{c.position}</td>
                  <td>
                    <code className="xp-hash">{c.creditCode}</code>
                  </td>
                  <td>{c.companyName}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      {drawn ? <DrawCheckPanel key={draw.id} draw={draw} names={names} /> : null}
    </article>
  );
}

function DrawDetail({ id, back }: { id: number; back: string }) {
  const { t } = useTranslation();
  const draw = useQuery(publicDrawQuery(id));
  return (
    <div className="xp-detail">
      <div className="xp-bar xp-no-print">
        <Link to={back} className="xp-back">
          {t('publicExtract.all')}
        </Link>
        <button type="button" className="ph-btn" onClick={() => window.print()}>
          {buttonText(t('publicExtract.print'))}
        </button>
      </div>
      {draw.isPending ? (
        <PlainSkeleton rows={6} label={t('common.loading')} />
      ) : draw.isError ? (
        <PlainLoadFailed
          title={draw.error.message || t('publicExtract.notFound')}
          retry={t('common.retry')}
          onRetry={() => void draw.refetch()}
        />
      ) : (
        <DrawRecord draw={draw.data} />
      )}
    </div>
  );
}

function DrawList({ params, onPage }: { params: URLSearchParams; onPage: (page: number, size: number) => void }) {
  const { t } = useTranslation();
  const hrefFor = usePageHref();
  const page = {
    pageNum: numberParam(params.get('pageNum')) ?? 1,
    pageSize: numberParam(params.get('pageSize')) ?? DEFAULT_PAGE_SIZE,
  };
  const draws = useQuery(publicDrawsQuery(page));
  return (
    <>
      {draws.isPending ? (
        <PlainSkeleton label={t('common.loading')} />
      ) : draws.isError ? (
        <PlainLoadFailed
          title={t('common.loadFailed')}
          retry={t('common.retry')}
          onRetry={() => void draws.refetch()}
        />
      ) : draws.data.rows.length === 0 ? (
        <PlainEmpty description={t('publicExtract.empty')} />
      ) : (
        <div className="ph-list" data-testid="extract-rows">
          {draws.data.rows.map((row) => (
            <DrawCard key={row.id} row={row} to={`?${patchParams(params, { id: row.id }, true)}`} />
          ))}
        </div>
      )}
      <PlainPager
        page={page.pageNum}
        limit={page.pageSize}
        total={draws.data?.total ?? 0}
        onChange={(next) => onPage(next.page, next.limit)}
        hrefFor={hrefFor}
      />
    </>
  );
}

/**
 * `/extract`: the public record of every pool draw (no sign-in). The list pages in the URL; a draw
 * opens at `?id=` with its published list, list hash and seed commitment, and after the draw its
 * seed, the witness's entropy, the order as company names and who was asked and answered, with a
 * check that re-computes all three in the browser. Plain HTML (no antd), phone-wide and printable.
 */
export function ExtractPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const id = numberParam(params.get('id'));
  return (
    <SectionFrame title={t('publicPages.extract')} intro={t('publicPages.extractIntro')}>
      <div className="ph-hall xp-page">
        {id ? (
          <DrawDetail id={id} back={`?${patchParams(params, { id: undefined }, true)}`} />
        ) : (
          <DrawList
            params={params}
            onPage={(pageNum, pageSize) => setParams(patchParams(params, { pageNum, pageSize }, true))}
          />
        )}
      </div>
    </SectionFrame>
  );
}
