import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { LightTabs } from '../light-tabs';

const items = [
  { key: 'password', label: 'Password', children: <input aria-label="Phone" /> },
  { key: 'sms', label: 'SMS code', children: <input aria-label="Code" /> },
];

describe('light tabs', () => {
  it('opens a tab by click and keeps what was typed in the other one', async () => {
    const user = userEvent.setup();
    render(<LightTabs items={items} />);
    expect(screen.getByRole('tab', { name: 'Password' })).toHaveAttribute('aria-selected', 'true');
    await user.type(screen.getByRole('textbox', { name: 'Phone' }), '13900000001');
    // A pane not yet opened is not rendered.
    expect(screen.queryByRole('textbox', { name: 'Code' })).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'SMS code' }));
    expect(screen.getByRole('tabpanel', { name: 'SMS code' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Code' })).toBeVisible();
    expect(screen.queryByRole('tabpanel', { name: 'Password' })).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Password' }));
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveValue('13900000001');
  });

  it('names its tabs and panes from idPrefix: the ids a drawn page was given stay right after hydration', async () => {
    const user = userEvent.setup();
    render(<LightTabs items={items} idPrefix="sign-in" />);
    expect(screen.getByRole('tab', { name: 'SMS code' })).toHaveAttribute('id', 'sign-in-tab-sms');
    await user.click(screen.getByRole('tab', { name: 'SMS code' }));
    const pane = screen.getByRole('tabpanel', { name: 'SMS code' });
    expect(pane).toHaveAttribute('id', 'sign-in-panel-sms');
    expect(pane).toHaveAttribute('aria-labelledby', 'sign-in-tab-sms');
  });

  it('moves between tabs with the arrow keys, Home and End, focus following', async () => {
    const user = userEvent.setup();
    render(<LightTabs items={[...items, { key: 'third', label: 'Third', children: 'third pane' }]} />);
    await user.click(screen.getByRole('tab', { name: 'Password' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'SMS code' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'SMS code' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(screen.getByRole('tabpanel', { name: 'Third' })).toHaveTextContent('third pane');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Password' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}{Home}');
    expect(screen.getByRole('tab', { name: 'Password' })).toHaveAttribute('aria-selected', 'true');
    // Only the open tab is in the tab order.
    expect(screen.getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([0, -1, -1]);
  });

  it('follows the parent when it holds the open tab', async () => {
    const user = userEvent.setup();
    const seen = vi.fn();
    function Parent() {
      const [key, setKey] = useState('sms');
      return (
        <LightTabs
          items={items}
          activeKey={key}
          onChange={(next) => {
            seen(next);
            setKey(next);
          }}
        />
      );
    }
    render(<Parent />);
    expect(screen.getByRole('tab', { name: 'SMS code' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Password' }));
    expect(seen).toHaveBeenCalledWith('password');
    expect(screen.getByRole('tabpanel', { name: 'Password' })).toBeVisible();
  });
});
