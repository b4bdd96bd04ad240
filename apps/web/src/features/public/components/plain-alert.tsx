import { CheckCircleFilled, InfoCircleFilled } from '@ant-design/icons';
import type { ReactNode } from 'react';
import './project-info.css';

/**
 * antd's Alert with its icon (`showIcon`) in plain HTML, for the project page: an info or success
 * note, a description under it when given, and an action at its end.
 */
export function PlainAlert({
  type = 'info',
  title,
  description,
  action,
  testId,
}: {
  type?: 'info' | 'success';
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  testId?: string;
}) {
  const Icon = type === 'success' ? CheckCircleFilled : InfoCircleFilled;
  return (
    <div
      className={`pa-alert pa-alert--${type}${description ? ' pa-alert--with-description' : ''}`}
      role="alert"
      data-testid={testId}
    >
      <Icon className="pa-alert__icon" aria-hidden="true" />
      <div className="pa-alert__content">
        <div className="pa-alert__title">{title}</div>
        {description ? <div className="pa-alert__description">{description}</div> : null}
      </div>
      {action ? <div className="pa-alert__action">{action}</div> : null}
    </div>
  );
}
