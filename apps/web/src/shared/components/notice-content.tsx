/**
 * A notice's rich text, the one place the web renders HTML it did not write. Every stored notice
 * passes the server's sanitiser (sanitize-html, notices.service.ts) on its way in: the notice form
 * and the workflow notices (postNotice) are its only writers, and test/settings-notices-logs.test.ts
 * proves that script, event handlers and javascript: links do not survive.
 */
export function NoticeContent({ html }: { html: string }) {
  return <div className="notice-content" dangerouslySetInnerHTML={{ __html: html }} />;
}
