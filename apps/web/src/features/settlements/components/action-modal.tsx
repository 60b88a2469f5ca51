import type { TransactionRow } from '@grain/shared';
import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RowAction } from '../row-figures';
import { InvoiceForm } from './invoice-modal';
import { MoveForm } from './move-modal';
import { SettleForm } from './settle-modal';
import { SplitForm } from './split-modal';

export interface OpenAction {
  action: RowAction;
  row: TransactionRow;
  /** What opens next once this one is saved (settle -> set invoice -> settle again, with the saved row). */
  next?: RowAction;
}

interface ActionModalProps {
  open: OpenAction | null;
  onClose: () => void;
  onOpen: (open: OpenAction) => void;
}

const TITLES: Record<RowAction, string> = {
  invoice: 'statement.invoice.title',
  settle: 'statement.settle.title',
  split: 'statement.split.title',
  move: 'statement.move.title',
};

/** One modal for the row actions; each form mounts fresh, with the row it was opened for. */
export function ActionModal({ open, onClose, onOpen }: ActionModalProps) {
  const { t } = useTranslation();
  const row = open?.row;
  return (
    <Modal
      opened={open !== null}
      onClose={onClose}
      centered
      size={open?.action === 'settle' ? 'lg' : 'md'}
      title={open ? t(TITLES[open.action], { id: open.row.id }) : undefined}
    >
      {open?.action === 'invoice' && row && (
        <InvoiceForm
          key={row.id}
          row={row}
          onDone={(saved) => (saved && open.next ? onOpen({ action: open.next, row: saved }) : onClose())}
        />
      )}
      {open?.action === 'settle' && row && (
        <SettleForm
          key={row.id}
          row={row}
          onDone={onClose}
          onSetInvoice={() => onOpen({ action: 'invoice', row, next: 'settle' })}
        />
      )}
      {open?.action === 'split' && row && <SplitForm key={row.id} row={row} onDone={onClose} />}
      {open?.action === 'move' && row && <MoveForm key={row.id} row={row} onDone={onClose} />}
    </Modal>
  );
}
