import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconArrowMerge, IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ContractListItem } from '../contract-view';
import { allocationPath, type ContractSide, dashboardPath } from '../side';
import { AgreementStatusMenu, ContractStatusMenu } from './status-menus';

/** spec/1 contract lists, row actions: details (realization tab), status, agreement status, and for sales allocate. */
export function ContractRowActions({ side, row }: { side: ContractSide; row: ContractListItem }) {
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
