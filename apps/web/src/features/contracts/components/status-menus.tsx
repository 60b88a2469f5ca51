import { AGREEMENT_STATUSES, type AgreementStatus, type ContractStatus, nextContractStatuses } from '@grain/shared';
import { ActionIcon, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowsExchange, IconSignature } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/form/confirm';
import { AgreementStatusBadge, ContractStatusBadge } from '../../../components/status-badges';
import { useChangeAgreementStatus, useChangeContractStatus } from '../api';
import type { ContractSide } from '../side';

interface StatusMenuProps {
  side: ContractSide;
  id: number;
  documentNumber: string;
}

const success = (message: string) =>
  notifications.show({ color: 'green', message, autoClose: 5000, withCloseButton: true });

/** Offers only the transitions of the shared table (RULES.md Contracts); each one is confirmed first. */
export function ContractStatusMenu({ side, id, documentNumber, status }: StatusMenuProps & { status: ContractStatus }) {
  const { t } = useTranslation();
  const change = useChangeContractStatus(side);
  const targets = nextContractStatuses(status);
  const label = t('contracts.actions.changeStatus');

  const choose = async (to: ContractStatus) => {
    const confirmed = await confirmAction({
      title: label,
      message: t('contracts.actions.changeStatusConfirm', {
        number: documentNumber,
        from: t(`status.contract.${status}`),
        to: t(`status.contract.${to}`),
      }),
    });
    if (!confirmed) return;
    await change.mutateAsync({ id, status: to });
    success(t('contracts.actions.statusChanged'));
  };

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="light" title={label} aria-label={`${label} ${documentNumber}`} loading={change.isPending}>
          <IconArrowsExchange size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{label}</Menu.Label>
        {targets.map((to) => (
          <Menu.Item key={to} onClick={() => void choose(to).catch(() => undefined)}>
            <ContractStatusBadge status={to} />
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** Any agreement status to any other; choosing the current one does nothing (spec/1 section 4). */
export function AgreementStatusMenu({
  side,
  id,
  documentNumber,
  agreementStatus,
}: StatusMenuProps & { agreementStatus: AgreementStatus }) {
  const { t } = useTranslation();
  const change = useChangeAgreementStatus(side);
  const label = t('contracts.actions.changeAgreementStatus');

  const choose = async (to: AgreementStatus) => {
    if (to === agreementStatus) return;
    await change.mutateAsync({ id, agreementStatus: to });
    success(t('contracts.actions.agreementStatusChanged'));
  };

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="light" title={label} aria-label={`${label} ${documentNumber}`} loading={change.isPending}>
          <IconSignature size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{label}</Menu.Label>
        {AGREEMENT_STATUSES.map((to) => (
          <Menu.Item
            key={to}
            onClick={() => void choose(to).catch(() => undefined)}
            aria-current={to === agreementStatus ? 'true' : undefined}
          >
            <AgreementStatusBadge status={to} />
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
