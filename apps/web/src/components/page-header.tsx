import { Anchor, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

const ROOT_PATH = '/positions';

export interface Crumb {
  label: string;
  to?: string;
}

/** Breadcrumbs, the page's one h1 and actions: the top of every screen (spec/1 section 2: breadcrumbs on every screen). */
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
  const { t } = useTranslation();
  // Every screen's breadcrumbs start at the same root.
  const root: Crumb = { label: t('nav.home'), to: ROOT_PATH };
  const trail = crumbs[0]?.label === root.label ? crumbs : [root, ...crumbs];
  return (
    <Stack gap={6} mb="lg">
      <Breadcrumbs separator="›" separatorMargin={6} aria-label={t('a11y.breadcrumbs')} style={{ flexWrap: 'wrap' }}>
        {trail.map((crumb) =>
          crumb.to ? (
            <Anchor component={Link} to={crumb.to} key={crumb.label} size="sm">
              {crumb.label}
            </Anchor>
          ) : (
            // The current page's crumb may be long (a contract with its contractor's name): cut to fit, whole in the
            // title, so a phone never scrolls sideways.
            <Text key={crumb.label} size="sm" c="dimmed" truncate="end" maw="100%" title={crumb.label}>
              {crumb.label}
            </Text>
          ),
        )}
      </Breadcrumbs>
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <Group gap="sm" align="center">
          <Title order={1} fz={{ base: 22, sm: 26 }}>
            {title}
          </Title>
          {badge}
        </Group>
        {actions && <Group gap="sm">{actions}</Group>}
      </Group>
    </Stack>
  );
}
