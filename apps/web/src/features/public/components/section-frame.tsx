import type { ReactNode } from 'react';

/**
 * A public page's frame: its title and introduction above a card. The card is plain HTML in the
 * look of antd's Card (global.css `.home-card`), which would bring tabs and menus to every listing.
 */
export function SectionFrame({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <div className="public-container public-section">
      <div className="public-section__head">
        <h1>{title}</h1>
        <p>{intro}</p>
      </div>
      <div className="home-card">{children}</div>
    </div>
  );
}
