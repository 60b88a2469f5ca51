import { Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One titled section of the contract form; a named region so tests and screen readers can find it. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md" component="section" aria-label={title}>
      <Title order={4} mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
