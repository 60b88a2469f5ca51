import type { Quality } from '@grain/shared';
import { Badge, NavLink, Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface QualityListProps {
  qualities: Quality[];
  selectedId: number | null;
  onSelect: (id: number) => void;
}

/** The qualities of the chosen raw material; variants (added by hand) carry a badge. */
export function QualityList({ qualities, selectedId, onSelect }: QualityListProps) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="xs" radius="md" component="nav" aria-label={t('cargo.qualities')}>
      <Title order={5} px="xs" py={6}>
        {t('cargo.qualities')}
      </Title>
      {qualities.length === 0 && (
        <Text size="sm" c="dimmed" px="xs" pb="xs">
          {t('cargo.noQualities')}
        </Text>
      )}
      {qualities.map((quality) => (
        <NavLink
          key={quality.id}
          component="button"
          type="button"
          label={quality.title}
          active={quality.id === selectedId}
          aria-current={quality.id === selectedId ? 'true' : undefined}
          onClick={() => onSelect(quality.id)}
          rightSection={
            quality.isVariant ? (
              <Badge size="xs" variant="light" color="violet">
                {t('cargo.variant')}
              </Badge>
            ) : undefined
          }
          style={{ borderRadius: 'var(--mantine-radius-sm)' }}
        />
      ))}
    </Paper>
  );
}
