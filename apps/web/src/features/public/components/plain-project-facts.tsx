import { FileOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDict } from '@/shared/lib/dict';
import { formatMoney, formatTime, localName } from '@/shared/lib/format';
import type { HallProjectDetail } from '../api/hall';
import { PlainDictTag } from './plain-dict-tag';
import './project-info.css';

/**
 * The public project page's facts and documents in plain HTML: the siblings of `useProjectFacts`
 * and `ProjectDocuments` (shared/components/project-fields.tsx, antd's Descriptions and List, which
 * the back office keeps). The facts are the same, in the same order: keep the two in step.
 */

/** Statuses a project reaches by a step with a reason: rejected, failed, cancelled, a result returned or passed on. */
const REASONED_STATUSES: readonly string[] = ['rejected', 'failed', 'cancelled', 'result_pending'];

interface Fact {
  key: string;
  label: string;
  value: ReactNode;
  /** Takes a whole row (the reason). */
  wide?: boolean;
}

/** The facts of a published project, as the back office's detail shows them. */
function useFacts(p: HallProjectDetail): Fact[] {
  const { t, i18n } = useTranslation();
  const models = useDict('selection_model');
  return [
    { key: 'owner', label: t('projects.field.owner'), value: p.ownerName },
    { key: 'type', label: t('projects.field.type'), value: localName(i18n.language, p.typeName, p.typeNameZh) },
    { key: 'place', label: t('projects.field.place'), value: localName(i18n.language, p.placeName, p.placeNameZh) },
    { key: 'budget', label: t('projects.field.budget'), value: formatMoney(p.budget) },
    {
      key: 'model',
      label: t('projects.field.model'),
      value: <PlainDictTag options={models.data} value={String(p.model)} />,
    },
    { key: 'min', label: t('projects.field.minParticipants'), value: p.minParticipants },
    {
      key: 'guarantee',
      label: t('projects.field.guarantee'),
      value: p.guaranteeRequired ? formatMoney(p.guaranteeAmount) : t('projects.info.noGuarantee'),
    },
    { key: 'signup', label: t('projects.field.signupStart'), value: formatTime(p.signupStart) },
    { key: 'deadline', label: t('projects.field.bidDeadline'), value: formatTime(p.bidDeadline) },
    { key: 'opening', label: t('projects.field.openingAt'), value: formatTime(p.openingAt) },
    { key: 'published', label: t('projects.field.publishedAt'), value: formatTime(p.publishedAt) },
    { key: 'contact', label: t('projects.field.contact'), value: `${p.contactName} ${p.contactTel}` },
    // The reason of the step that left the project where it is (a later step without one keeps it).
    ...(p.statusReason && REASONED_STATUSES.includes(p.status)
      ? [{ key: 'reason', label: t('projects.field.statusReason'), value: p.statusReason, wide: true }]
      : []),
  ];
}

/**
 * The facts as antd's bordered Descriptions: label and value side by side, two pairs a row from
 * 768 px, one below.
 */
export function PlainProjectFacts({ project }: { project: HallProjectDetail }) {
  const facts = useFacts(project);
  return (
    <dl className="pi-facts" data-testid="project-info">
      {facts.map((f) => (
        <div key={f.key} className={`pi-facts__item${f.wide ? ' pi-facts__item--wide' : ''}`}>
          <dt>{f.label}</dt>
          <dd>{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** antd's simple "empty" picture (Empty.PRESENTED_IMAGE_SIMPLE) and a description. */
function EmptySimple({ description }: { description: string }) {
  return (
    <div className="pi-empty">
      <svg width="64" height="41" viewBox="0 0 64 41" aria-hidden="true" focusable="false">
        <g transform="translate(0 1)" fill="none" fillRule="evenodd">
          <ellipse fill="#f5f5f5" cx="32" cy="33" rx="32" ry="7" />
          <g fillRule="nonzero" stroke="#d9d9d9">
            <path d="M55 12.76L44.854 1.258C44.367.474 43.656 0 42.907 0H21.093c-.749 0-1.46.474-1.947 1.257L9 12.761V22h46v-9.24z" />
            <path
              d="M41.613 15.931c0-1.605.994-2.93 2.227-2.931H55v18.137C55 33.26 53.68 35 52.05 35h-40.1C10.32 35 9 33.259 9 31.137V13h11.16c1.233 0 2.227 1.323 2.227 2.928v.022c0 1.605 1.005 2.901 2.237 2.901h14.752c1.232 0 2.237-1.308 2.237-2.913v-.007z"
              fill="#fafafa"
            />
          </g>
        </g>
      </svg>
      <div className="pi-empty__description">{description}</div>
    </div>
  );
}

/** A project's documents, each with its download: a card in the look of antd's. */
export function PlainProjectDocuments({
  documents,
  download,
}: {
  documents: HallProjectDetail['documents'];
  download: (document: HallProjectDetail['documents'][number]) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  return (
    <section className="pi-card" aria-labelledby="project-documents-title">
      <h2 id="project-documents-title" className="pi-card__title">
        {t('projects.field.documents')}
      </h2>
      <div className="pi-card__body">
        {documents.length === 0 ? (
          <EmptySimple description={t('projects.info.noDocuments')} />
        ) : (
          <ul className="pi-list">
            {documents.map((d) => (
              <li key={d.fileName} className="pi-list__item">
                <span className="pi-list__main">
                  <FileOutlined aria-hidden="true" />
                  <span className="pi-doc__name">{d.originalName}</span>
                  <span className="muted">{(d.size / 1024).toFixed(1)} KB</span>
                </span>
                <button
                  type="button"
                  className="pi-link-button"
                  onClick={() => void download(d).catch(() => undefined)}
                >
                  {t('projects.download')}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
