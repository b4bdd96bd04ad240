import { BiddingPage } from './bidding-page';

/** `web/bidding3`: best value, a sealed price with the technical proposal files. */
export default function BestValuePage() {
  return <BiddingPage model={3} />;
}
