import {
  isEditableTransport,
  isReallocatableTransport,
  isRemovableTransport,
  type TransportResponse,
} from '@grain/shared';
import { ActionIcon, Button, Group, Menu } from '@mantine/core';
import {
  IconArrowsSplit2,
  IconDots,
  IconEye,
  IconGavel,
  IconPackageImport,
  IconPencil,
  IconTrash,
  IconTruckDelivery,
} from '@tabler/icons-react';
import { HoverTooltip } from '../../../components/hover-tooltip';
import { LazyMenu } from '../../../components/lazy-menu';
import { translate as t } from '../../../i18n';
import { type StatusChoice, statusChoices } from '../status-menu';
import type { RowActionKind } from './use-transport-actions';

interface RowActionsProps {
  row: TransportResponse;
  onOpen: (kind: RowActionKind, row: TransportResponse) => void;
  onRemove: (row: TransportResponse) => void;
  /** Contract dashboards: a transport on the way cannot be deleted there (spec/1 Logistics row actions). */
  isContractSide?: boolean;
  /** The status change (use-transport-actions.ts changeStatus): the card's main action and its menu's entries. */
  onChangeStatus?: (row: TransportResponse, choice: StatusChoice) => void;
}

/** What a row may do and how each action is named (the reason when it may not). */
function useRowActionLabels(row: TransportResponse, isContractSide: boolean | undefined) {
  const isEditable = isEditableTransport(row.status);
  const canRedirect = isReallocatableTransport(row.status);
  const canRemove = isRemovableTransport(row.status) && !(isContractSide && row.status === 'ON_THE_WAY');
  const editLabel = t(isEditable ? 'transports.actions.edit' : 'transports.actions.details', { id: row.id });
  const redirectLabel = t(canRedirect ? 'transports.actions.redirect' : 'transports.actions.redirectOnlyOnTheWay', {
    id: row.id,
  });
  const removeLabel =
    isContractSide && row.status === 'ON_THE_WAY'
      ? t('transports.actions.removeOnTheWay')
      : t(canRemove ? 'transports.actions.remove' : 'transports.actions.removeFinal', { id: row.id });
  return { isEditable, canRedirect, canRemove, editLabel, redirectLabel, removeLabel };
}

/** A "do decyzji" unloading's action: the decision dialog. */
function DecideButton({ row, onOpen }: Pick<RowActionsProps, 'row' | 'onOpen'>) {
  return (
    <Button
      size="xs"
      color="red"
      leftSection={<IconGavel size={14} />}
      aria-label={t('transports.decide.actionLabel', { id: row.id })}
      data-testid="decide-action"
      onClick={() => onOpen('decide', row)}
    >
      {t('transports.decide.action')}
    </Button>
  );
}

/** Edit (or details when not editable), redirect (only ON_THE_WAY), delete (only NEW and ON_THE_WAY). */
export function RowActions({ row, onOpen, onRemove, isContractSide }: RowActionsProps) {
  const { isEditable, canRedirect, canRemove, editLabel, redirectLabel, removeLabel } = useRowActionLabels(
    row,
    isContractSide,
  );
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {row.isToDecide && <DecideButton row={row} onOpen={onOpen} />}
      <HoverTooltip label={editLabel}>
        <ActionIcon variant="light" aria-label={editLabel} onClick={() => onOpen(isEditable ? 'edit' : 'details', row)}>
          {isEditable ? <IconPencil size={16} /> : <IconEye size={16} />}
        </ActionIcon>
      </HoverTooltip>
      <HoverTooltip label={redirectLabel}>
        <ActionIcon
          variant="light"
          color="violet"
          aria-label={redirectLabel}
          disabled={!canRedirect}
          onClick={() => onOpen('redirect', row)}
        >
          <IconArrowsSplit2 size={16} />
        </ActionIcon>
      </HoverTooltip>
      <HoverTooltip label={removeLabel}>
        <ActionIcon
          variant="light"
          color="red"
          aria-label={removeLabel}
          disabled={!canRemove}
          onClick={() => onRemove(row)}
        >
          <IconTrash size={16} />
        </ActionIcon>
      </HoverTooltip>
    </Group>
  );
}

/**
 * The same actions on a phone card: edit or details, the row's main action, as a labelled button;
 * redirect and delete in one menu, each disabled with its reason when the status does not allow it.
 */
/**
 * The card's main action fits the status: a new transport is sent on its way, one on the way is marked delivered
 * (the delivered modal); any other is opened. The rest, status changes included, are in the card's menu.
 */
export function RowCardActions({ row, onOpen, onRemove, isContractSide, onChangeStatus }: RowActionsProps) {
  const { isEditable, canRedirect, canRemove, editLabel, redirectLabel, removeLabel } = useRowActionLabels(
    row,
    isContractSide,
  );
  const choices = onChangeStatus ? statusChoices(row.status) : [];
  const main = choices.find((choice) =>
    row.status === 'ON_THE_WAY'
      ? choice.status === 'DELIVERED'
      : row.status === 'NEW' && choice.status === 'ON_THE_WAY',
  );
  const mainLabel = main && t(`transports.cardMain.${main.status}`);
  return (
    <Group gap="xs" wrap="nowrap" justify="flex-end">
      {row.isToDecide ? (
        <DecideButton row={row} onOpen={onOpen} />
      ) : main ? (
        <Button
          size="xs"
          leftSection={main.status === 'DELIVERED' ? <IconPackageImport size={14} /> : <IconTruckDelivery size={14} />}
          aria-label={`${mainLabel} #${row.id}`}
          data-testid="card-main-action"
          onClick={() => onChangeStatus?.(row, main)}
        >
          {mainLabel}
        </Button>
      ) : (
        <Button
          size="xs"
          variant="light"
          leftSection={isEditable ? <IconPencil size={14} /> : <IconEye size={14} />}
          aria-label={editLabel}
          data-testid="card-main-action"
          onClick={() => onOpen(isEditable ? 'edit' : 'details', row)}
        >
          {t(isEditable ? 'common.edit' : 'common.details')}
        </Button>
      )}
      <LazyMenu
        position="bottom-end"
        withinPortal
        shadow="md"
        // A fixed width wraps the long "only when…" reasons instead of running off a phone's screen.
        width={260}
        target={
          <ActionIcon variant="default" size="lg" aria-label={`${t('tableView.moreActions')} #${row.id}`}>
            <IconDots size={16} />
          </ActionIcon>
        }
      >
        <Menu.Dropdown>
          {main && (
            <Menu.Item
              leftSection={isEditable ? <IconPencil size={16} /> : <IconEye size={16} />}
              onClick={() => onOpen(isEditable ? 'edit' : 'details', row)}
            >
              {editLabel}
            </Menu.Item>
          )}
          {choices.length > 0 && <Menu.Label>{t('transports.status.label')}</Menu.Label>}
          {choices
            .filter((choice) => choice !== main)
            .map((choice) => (
              <Menu.Item
                key={choice.status}
                color={choice.status === 'CANCELLED' ? 'red' : undefined}
                onClick={() => onChangeStatus?.(row, choice)}
              >
                {t(`transports.status.to.${choice.status}`)}
              </Menu.Item>
            ))}
          {choices.length > 0 && <Menu.Divider />}
          <Menu.Item
            leftSection={<IconArrowsSplit2 size={16} />}
            disabled={!canRedirect}
            onClick={() => onOpen('redirect', row)}
          >
            {redirectLabel}
          </Menu.Item>
          <Menu.Item
            color="red"
            leftSection={<IconTrash size={16} />}
            disabled={!canRemove}
            onClick={() => onRemove(row)}
          >
            {removeLabel}
          </Menu.Item>
        </Menu.Dropdown>
      </LazyMenu>
    </Group>
  );
}
