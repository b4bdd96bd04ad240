import { CompletionList } from './completion-list';

/** `bidmanager/bidys`: the owner records the acceptance of each contracted project. */
export default function AcceptancePage() {
  return <CompletionList step="acceptance" />;
}
