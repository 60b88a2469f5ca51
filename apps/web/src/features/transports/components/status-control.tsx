import type { TransportResponse } from '@grain/shared';
import { Group, Menu, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { LazyMenu } from '../../../components/lazy-menu';
import { TransportStatusBadge } from '../../../components/status-badges';
import { translate as t } from '../../../i18n';
import { type StatusChoice, statusChoices } from '../status-menu';

/** The inline status change of a row (spec/1 section 4): a badge that opens the allowed changes (menu mounted on first use). */
export function StatusControl({
  row,
  onChoose,
}: {
  row: TransportResponse;
  onChoose: (row: TransportResponse, choice: StatusChoice) => void;
}) {
  const choices = statusChoices(row.status);
  if (choices.length === 0) return <TransportStatusBadge status={row.status} />;
  return (
    <LazyMenu
      position="bottom-start"
      withinPortal
      shadow="md"
      target={
        <UnstyledButton
          aria-label={t('transports.status.menu', { id: row.id, status: t(`status.transport.${row.status}`) })}
          data-testid={`status-${row.id}`}
        >
          <Group gap={2} wrap="nowrap">
            <TransportStatusBadge status={row.status} />
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      }
    >
      <Menu.Dropdown>
        <Menu.Label>{t('transports.status.label')}</Menu.Label>
        {choices.map((choice) => (
          <Menu.Item
            key={choice.status}
            // The red ink, not Mantine's red 6 (3.9:1 on white): WCAG 1.4.3.
            color={choice.status === 'CANCELLED' ? 'var(--mantine-color-red-text)' : undefined}
            onClick={() => onChoose(row, choice)}
          >
            {t(`transports.status.to.${choice.status}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </LazyMenu>
  );
}
