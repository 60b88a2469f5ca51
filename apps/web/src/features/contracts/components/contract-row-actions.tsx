import { ActionIcon, Button, Group, Menu, Tooltip } from '@mantine/core';
import { IconArrowMerge, IconDots, IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ContractListItem } from '../contract-view';
import { allocationPath, type ContractSide, dashboardPath } from '../side';
import {
  AgreementStatusItems,
  AgreementStatusMenu,
  ContractStatusItems,
  ContractStatusMenu,
  useAgreementStatusChoice,
  useContractStatusChoice,
} from './status-menus';

interface RowActionsProps {
  side: ContractSide;
  row: ContractListItem;
}

/** spec/1 contract lists, row actions: details (realization tab), status, agreement status, and for sales allocate. */
export function ContractRowActions({ side, row }: RowActionsProps) {
  const { t } = useTranslation();
  const name = row.documentNumber;
  return (
    <Group gap={6} wrap="nowrap" justify="flex-end">
      <Tooltip label={t('common.details')}>
        <ActionIcon
          component={Link}
          to={dashboardPath(side, row.id)}
          variant="light"
          aria-label={`${t('common.details')} ${name}`}
        >
          <IconEye size={16} />
        </ActionIcon>
      </Tooltip>
      <ContractStatusMenu side={side} id={row.id} documentNumber={name} status={row.status} />
      <AgreementStatusMenu side={side} id={row.id} documentNumber={name} agreementStatus={row.agreementStatus} />
      {side.kind === 'sales' && (
        <Tooltip label={t('contracts.actions.allocate')}>
          <ActionIcon
            component={Link}
            to={allocationPath(row.id)}
            variant="light"
            color="teal"
            aria-label={`${t('contracts.actions.allocate')} ${name}`}
          >
            <IconArrowMerge size={16} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}

/**
 * The same actions on a phone card: details, the row's main action, as a labelled button; allocate and
 * both status changes in one menu, like the other lists' cards.
 */
export function ContractCardActions({ side, row }: RowActionsProps) {
  const { t } = useTranslation();
  const name = row.documentNumber;
  const status = useContractStatusChoice({ side, id: row.id, documentNumber: name, status: row.status });
  const agreement = useAgreementStatusChoice({
    side,
    id: row.id,
    documentNumber: name,
    agreementStatus: row.agreementStatus,
  });
  return (
    <Group gap="xs" wrap="nowrap" justify="flex-end">
      <Button
        component={Link}
        to={dashboardPath(side, row.id)}
        size="xs"
        variant="light"
        leftSection={<IconEye size={14} />}
        aria-label={`${t('common.details')} ${name}`}
      >
        {t('common.details')}
      </Button>
      <Menu position="bottom-end" withinPortal shadow="md">
        <Menu.Target>
          <ActionIcon
            variant="default"
            size="lg"
            loading={status.isPending || agreement.isPending}
            aria-label={`${t('tableView.moreActions')} ${name}`}
          >
            <IconDots size={16} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {side.kind === 'sales' && (
            <>
              <Menu.Item component={Link} to={allocationPath(row.id)} leftSection={<IconArrowMerge size={16} />}>
                {t('contracts.actions.allocate')}
              </Menu.Item>
              <Menu.Divider />
            </>
          )}
          <ContractStatusItems choice={status} status={row.status} />
          <Menu.Divider />
          <AgreementStatusItems choice={agreement} agreementStatus={row.agreementStatus} />
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
