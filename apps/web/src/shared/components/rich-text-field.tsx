import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';

// The editor is large; it loads only when a form shows it.
const RichTextEditor = lazy(() => import('./rich-text-editor'));

/** The rich text editor as a form control (Form.Item hands value, onChange and id to its direct child). */
export function RichTextField(props: {
  value?: string;
  onChange?: (html: string) => void;
  placeholder?: string;
  id?: string;
}) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
