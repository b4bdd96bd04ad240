import { ApplicationsList } from './applications-list';

/** `bidmanager/bidcheck`: applications waiting for the qualification check; qualify or reject. */
export default function CheckApplicationsPage() {
  return <ApplicationsList kind="check" />;
}
