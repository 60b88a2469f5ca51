import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A small label over a value; figures never wrap mid-number. */
export function LabelledValue({
  label,
  children,
  isFigure,
}: {
  label: string;
  children: ReactNode;
  isFigure?: boolean;
}) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text
        fz={isFigure ? { base: 'md', sm: 'lg' } : 'sm'}
        fw={isFigure ? 700 : 400}
        component="div"
        style={isFigure ? { whiteSpace: 'nowrap' } : { overflowWrap: 'anywhere' }}
      >
        {children || '—'}
      </Text>
    </div>
  );
}
