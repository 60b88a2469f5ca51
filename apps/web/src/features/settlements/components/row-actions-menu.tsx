import type { TransactionRow } from '@grain/shared';
import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import {
  IconArrowsSplit2,
  IconDots,
  IconFileInvoice,
  IconReceipt2,
  IconTransfer,
  type TablerIcon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { actionBlocker, ROW_ACTIONS, type RowAction } from '../row-figures';

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
