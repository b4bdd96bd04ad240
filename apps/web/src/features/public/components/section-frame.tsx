import { Card } from 'antd';
import type { ReactNode } from 'react';

/** A public page's frame: its title and introduction above a card. */
export function SectionFrame({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <div className="public-container public-section">
      <div className="public-section__head">
        <h1>{title}</h1>
        <p>{intro}</p>
      </div>
      <Card>{children}</Card>
    </div>
  );
}
