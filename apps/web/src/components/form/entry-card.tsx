import { ActionIcon, Button, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface EntryCardProps {
  title: string;
  removeLabel: string;
  onRemove: () => void;
  actions?: ReactNode;
  children: ReactNode;
}

/** One entry of a repeatable section (a contact, an address): a title, its actions and its fields. */
export function EntryCard({ title, removeLabel, onRemove, actions, children }: EntryCardProps) {
  return (
    <Paper withBorder p="sm" radius="md" bg="var(--mantine-color-gray-0)">
      <Group justify="space-between" mb="xs" gap="xs" wrap="wrap">
        <Title order={6}>{title}</Title>
        <Group gap="xs">
          {actions}
          <Tooltip label={removeLabel}>
            <ActionIcon variant="subtle" color="red" onClick={onRemove} aria-label={removeLabel}>
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      {children}
    </Paper>
  );
}

interface AddEntryButtonProps {
  label: string;
  count: number;
  max: number;
  onAdd: () => void;
}

/** The add button of a repeatable section, disabled at the maximum count with the reason beside it. */
export function AddEntryButton({ label, count, max, onAdd }: AddEntryButtonProps) {
  const { t } = useTranslation();
  const isFull = count >= max;
  return (
    <Stack gap={4} align="flex-start">
      <Button variant="light" leftSection={<IconPlus size={16} />} onClick={onAdd} disabled={isFull}>
        {label}
      </Button>
      {isFull && (
        <Text size="xs" c="dimmed">
          {t('contractors.maxReached', { max })}
        </Text>
      )}
    </Stack>
  );
}
