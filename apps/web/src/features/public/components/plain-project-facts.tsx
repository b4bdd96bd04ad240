import { FileOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useProjectFactItems } from '@/shared/components/project-fact-items';
import type { HallProjectDetail } from '../api/hall';
import { PlainDictTag } from './plain-dict-tag';
import './plain-hall.css';
import './project-info.css';

/**
 * The public project page's facts and documents in plain HTML: the siblings of `useProjectFacts`
 * and `ProjectDocuments` (shared/components/project-fields.tsx, antd's Descriptions and List, which
 * the back office keeps). Both lay out the same facts, from shared/components/project-fact-items.tsx.
 */

/**
 * The facts as antd's bordered Descriptions: label and value side by side, two pairs a row from
 * 768 px, one below.
 */
export function PlainProjectFacts({ project }: { project: HallProjectDetail }) {
  const facts = useProjectFactItems(PlainDictTag)(project);
  return (
    <dl className="pi-facts" data-testid="project-info">
      {facts.map((f) => (
        <div key={f.key} className={`pi-facts__item${f.span ? ' pi-facts__item--wide' : ''}`}>
          <dt>{f.label}</dt>
          <dd>{f.children}</dd>
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
          <ul className="ph-items pi-list">
            {documents.map((d) => (
              <li key={d.fileName} className="ph-items__item pi-list__item">
                <span className="ph-items__main">
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
