import { Anchor, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface Crumb {
  label: string;
  to?: string;
}

/** Breadcrumbs, title and actions: the top of every screen (spec/1 section 2: breadcrumbs on every screen). */
export function PageHeader({
  crumbs,
  title,
  actions,
  badge,
}: {
  crumbs: Crumb[];
  title: ReactNode;
  actions?: ReactNode;
  badge?: ReactNode;
}) {
  return (
    <Stack gap={6} mb="lg">
      <Breadcrumbs separator="›" separatorMargin={6} aria-label="breadcrumbs" style={{ flexWrap: 'wrap' }}>
        {crumbs.map((crumb) =>
          crumb.to ? (
            <Anchor component={Link} to={crumb.to} key={crumb.label} size="sm">
              {crumb.label}
            </Anchor>
          ) : (
            <Text key={crumb.label} size="sm" c="dimmed">
              {crumb.label}
            </Text>
          ),
        )}
      </Breadcrumbs>
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <Group gap="sm" align="center">
          <Title order={2} fz={{ base: 22, sm: 26 }}>
            {title}
          </Title>
          {badge}
        </Group>
        {actions && <Group gap="sm">{actions}</Group>}
      </Group>
    </Stack>
  );
}
