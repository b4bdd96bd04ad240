import { Children, type ReactNode } from 'react';
import { Col, Row } from 'antd';

interface FieldColumnsProps {
  /** From this screen width on, the fields stand two to a row; below it, one above the other. */
  from?: 'sm' | 'md';
  gutter?: number;
  children: ReactNode;
}

/** Form fields two to a row (registration, company record). */
export function FieldColumns({ from = 'sm', gutter = 16, children }: FieldColumnsProps) {
  return (
    <Row gutter={gutter}>
      {Children.map(children, (field) => (
        <Col xs={24} {...{ [from]: 12 }}>
          {field}
        </Col>
      ))}
    </Row>
  );
}
