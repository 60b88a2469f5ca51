import { Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One part of the showcase: a titled, labelled region (each a landmark for the page's table of contents). */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper component="section" withBorder p="md" radius="md" aria-labelledby={`sandbox-${id}`} id={id}>
      <Title order={2} fz="lg" mb="md" id={`sandbox-${id}`}>
        {title}
      </Title>
      {children}
    </Paper>
  );
}
