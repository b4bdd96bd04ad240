import {
  ArrowLeftOutlined,
  ArrowRightOutlined,
  CloseCircleOutlined,
  CloseOutlined,
  ColumnWidthOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import { Dropdown } from 'antd';
import type { MenuProps } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/shared/config/paths';
import { titleText } from '@/shared/lib/local-title';
import { queryClient } from '@/shared/lib/query-client';
import type { PageMeta } from '../routes/page-meta';
import { addTag, closeAllTags, closeOtherTags, closeTag, closeTagsBeside, useTags, type TagView } from './tags-store';

/** Tabs of visited views with the right-click menu of spec §2. */
export function TagsView({ meta }: { meta: PageMeta | null }) {
  const { t, i18n } = useTranslation();
  const tags = useTags();
  const location = useLocation();
  const navigate = useNavigate();
  const activeRef = useRef<HTMLDivElement>(null);
  const fullPath = location.pathname + location.search;
  const isCurrent = (tag: TagView) => tag.fullPath === fullPath || (tag.affix && tag.path === location.pathname);

  useEffect(() => {
    if (!meta || meta.path.startsWith(paths.redirect)) return;
    addTag({ fullPath, path: meta.path, title: meta.title, affix: meta.affix });
  }, [meta, fullPath]);

  useEffect(() => {
    activeRef.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [fullPath, tags.length]);

  /** After closing the current tab, show the last tab left (or home). */
  const leaveIfClosed = (left: TagView[]) => {
    if (left.some(isCurrent)) return;
    void navigate(left.at(-1)?.fullPath ?? paths.adminIndex);
  };

  const refresh = (tag: TagView) => {
    // Dropping cached answers makes the remounted page fetch fresh data.
    void queryClient.invalidateQueries();
    void navigate(`${paths.redirect}${tag.fullPath}`, { replace: true });
  };

  const menuFor = (tag: TagView, index: number): MenuProps => {
    const closable = tags.filter((t) => !t.affix);
    return {
      items: [
        { key: 'refresh', icon: <ReloadOutlined />, label: t('tags.refresh') },
        { key: 'close', icon: <CloseOutlined />, label: t('tags.closeCurrent'), disabled: tag.affix },
        {
          key: 'others',
          icon: <ColumnWidthOutlined />,
          label: t('tags.closeOthers'),
          disabled: closable.every((c) => c.fullPath === tag.fullPath),
        },
        {
          key: 'left',
          icon: <ArrowLeftOutlined />,
          label: t('tags.closeLeft'),
          disabled: !tags.slice(0, index).some((c) => !c.affix),
        },
        {
          key: 'right',
          icon: <ArrowRightOutlined />,
          label: t('tags.closeRight'),
          disabled: !tags.slice(index + 1).some((c) => !c.affix),
        },
        { key: 'all', icon: <CloseCircleOutlined />, label: t('tags.closeAll'), disabled: closable.length === 0 },
      ],
      onClick: ({ key, domEvent }) => {
        domEvent.stopPropagation();
        if (key === 'refresh') {
          if (!isCurrent(tag)) void navigate(tag.fullPath);
          else refresh(tag);
          return;
        }
        if (key === 'close') return leaveIfClosed(closeTag(tag.fullPath));
        if (key === 'others') {
          closeOtherTags(tag.fullPath);
          if (!isCurrent(tag)) void navigate(tag.fullPath);
          return;
        }
        if (key === 'left' || key === 'right') {
          const left = closeTagsBeside(tag.fullPath, key);
          if (!left.some(isCurrent)) void navigate(tag.fullPath);
          return;
        }
        leaveIfClosed(closeAllTags());
      },
    };
  };

  return (
    <div className="tags-view" data-testid="tags-view" role="tablist">
      <div className="tags-view__scroll">
        {tags.map((tag, index) => {
          const active = isCurrent(tag);
          return (
            <Dropdown key={tag.fullPath} trigger={['contextMenu']} menu={menuFor(tag, index)} destroyOnHidden>
              <div
                ref={active ? activeRef : undefined}
                role="tab"
                aria-selected={active}
                tabIndex={0}
                className={active ? 'tags-view__item tags-view__item--active' : 'tags-view__item'}
                data-testid="tag"
                data-path={tag.fullPath}
                onClick={() => void navigate(tag.fullPath)}
                onKeyDown={(e) => e.key === 'Enter' && void navigate(tag.fullPath)}
                onAuxClick={(e) => {
                  // Middle click closes, as in browsers.
                  if (e.button === 1 && !tag.affix) leaveIfClosed(closeTag(tag.fullPath));
                }}
              >
                {active ? <span className="tags-view__dot" /> : null}
                <span>{titleText(tag.title, t, i18n.language)}</span>
                {tag.affix ? null : (
                  <CloseOutlined
                    className="tags-view__close"
                    aria-label={t('tags.closeCurrent')}
                    onClick={(e) => {
                      e.stopPropagation();
                      leaveIfClosed(closeTag(tag.fullPath));
                    }}
                  />
                )}
              </div>
            </Dropdown>
          );
        })}
      </div>
    </div>
  );
}
