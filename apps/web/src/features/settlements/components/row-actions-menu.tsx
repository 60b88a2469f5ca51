import type { TransactionRow } from '@grain/shared';
import { ActionIcon, Button, Group, Menu, Tooltip } from '@mantine/core';
import {
  IconArrowsSplit2,
  IconDots,
  IconFileInvoice,
  IconReceipt2,
  IconTransfer,
  type TablerIcon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { actionBlocker, hasInvoiceData, ROW_ACTIONS, type RowAction } from '../row-figures';

const ICONS: Record<RowAction, TablerIcon> = {
  invoice: IconFileInvoice,
  settle: IconReceipt2,
  split: IconArrowsSplit2,
  move: IconTransfer,
};

/** The row's settlement actions; one the row's status does not allow is disabled, with the reason in a tooltip. */
export function RowActionsMenu({ row, onAction }: { row: TransactionRow; onAction: (action: RowAction) => void }) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={260}>
      <Menu.Target>
        <ActionIcon variant="light" aria-label={t('statement.actions.menu', { id: row.id })}>
          <IconDots size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {ROW_ACTIONS.map((action) => {
          const blocker = actionBlocker(row, action);
          const Icon = ICONS[action];
          const item = (
            <Menu.Item leftSection={<Icon size={16} />} disabled={blocker !== null} onClick={() => onAction(action)}>
              {t(`statement.actions.${action}`)}
            </Menu.Item>
          );
          if (!blocker) return <div key={action}>{item}</div>;
          // A disabled button gets no pointer events: the wrapper carries the tooltip.
          return (
            <Tooltip
              key={action}
              label={t(`statement.actions.blockers.${blocker}`)}
              position="left"
              multiline
              maw={260}
            >
              <div>{item}</div>
            </Tooltip>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * The row's actions on a phone card: the next step of an open row as a labelled button (the invoice
 * while it has none, then settling), every action in the menu beside it.
 */
export function RowCardActions({ row, onAction }: { row: TransactionRow; onAction: (action: RowAction) => void }) {
  const { t } = useTranslation();
  const next: RowAction = hasInvoiceData(row) ? 'settle' : 'invoice';
  const Icon = ICONS[next];
  return (
    <Group gap="xs" wrap="nowrap" justify="flex-end">
      {actionBlocker(row, next) === null && (
        <Button size="xs" variant="light" leftSection={<Icon size={14} />} onClick={() => onAction(next)}>
          {t(`statement.actions.${next}`)}
        </Button>
      )}
      <RowActionsMenu row={row} onAction={onAction} />
    </Group>
  );
}
