import { Result } from 'antd';
import type { ResultProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/shared/config/paths';
import { LinkButton } from '@/shared/components/link-button';

interface ErrorPageProps {
  status: ResultProps['status'];
  /** Names the page's texts: `errors.<texts>Title` and `errors.<texts>Text`. */
  texts: 'notFound' | 'unauthorized' | 'crash';
  /** The status code shown large above the title, when the page has one. */
  code?: string;
  /** The ways on from here. */
  extra: ReactNode;
  testId?: string;
}

/** The frame every error page shares (spec §2): what happened and where to go next. */
export function ErrorPage({ status, texts, code, extra, testId }: ErrorPageProps) {
  const { t } = useTranslation();
  const title = t(`errors.${texts}Title`);
  const text = t(`errors.${texts}Text`);
  return (
    <div className="error-page" data-testid={testId}>
      <Result
        status={status}
        title={code ?? title}
        subTitle={
          code ? (
            <>
              <strong className="error-page__heading">{title}</strong>
              <span>{text}</span>
            </>
          ) : (
            text
          )
        }
        extra={extra}
      />
    </div>
  );
}

/** The way back to the home page. */
export function BackHomeButton() {
  const { t } = useTranslation();
  return (
    <LinkButton to={paths.home} type="primary">
      {t('errors.backHome')}
    </LinkButton>
  );
}
