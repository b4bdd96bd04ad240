import { Button } from 'antd';
import type { ButtonProps } from 'antd';
import { Link } from 'react-router';

/** A button that goes to a page of the app (a router link, so the page does not reload). */
export function LinkButton({ to, ...button }: { to: string } & ButtonProps) {
  return (
    <Link to={to}>
      <Button {...button} />
    </Link>
  );
}
