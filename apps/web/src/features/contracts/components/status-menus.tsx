import { AGREEMENT_STATUSES, type AgreementStatus, type ContractStatus, nextContractStatuses } from '@grain/shared';
import { ActionIcon, Button, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowsExchange, IconSignature } from '@tabler/icons-react';
import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/form/confirm';
import { AgreementStatusBadge, ContractStatusBadge } from '../../../components/status-badges';
import { useChangeAgreementStatus, useChangeContractStatus } from '../api';
import type { ContractSide } from '../side';

interface StatusMenuProps {
  side: ContractSide;
  id: number;
  documentNumber: string;
  /** The dashboard header shows the current status with the action's name instead of an icon (issue 13). */
  isInHeader?: boolean;
}

/** The menu's opener: an icon in table rows, the current badge and the action's name in the dashboard header. */
function MenuOpener({
  label,
  documentNumber,
  isLoading,
  icon,
  current,
  isInHeader,
  ...targetProps
}: {
  label: string;
  documentNumber: string;
  isLoading: boolean;
  icon: ReactNode;
  current: ReactNode;
  isInHeader?: boolean;
  // Menu.Target passes its ref, click handler and aria attributes on to the opener.
  ref?: Ref<HTMLButtonElement>;
}) {
  if (isInHeader) {
    return (
      <Button
        {...targetProps}
        variant="default"
        size="sm"
        leftSection={icon}
        rightSection={current}
        loading={isLoading}
      >
        {label}
      </Button>
    );
  }
  return (
    <ActionIcon
      {...targetProps}
      variant="light"
      title={label}
      aria-label={`${label} ${documentNumber}`}
      loading={isLoading}
    >
      {icon}
    </ActionIcon>
  );
}

const success = (message: string) =>
  notifications.show({ color: 'green', message, autoClose: 5000, withCloseButton: true });

/**
 * Offers only the transitions of the shared table (RULES.md Contracts); only cancelling, which throws the contract
 * out of every list, is confirmed (issue 13: confirm only what cannot be undone).
 */
export function ContractStatusMenu({
  side,
  id,
  documentNumber,
  status,
  isInHeader,
}: StatusMenuProps & { status: ContractStatus }) {
  const { t } = useTranslation();
  const change = useChangeContractStatus(side);
  const targets = nextContractStatuses(status);
  const label = t('contracts.actions.changeStatus');

  const choose = async (to: ContractStatus) => {
    if (to === 'CANCELLED') {
      const confirmed = await confirmAction({
        title: label,
        message: t('contracts.actions.changeStatusConfirm', {
          number: documentNumber,
          from: t(`status.contract.${status}`),
          to: t(`status.contract.${to}`),
        }),
        isDanger: true,
      });
      if (!confirmed) return;
    }
    await change.mutateAsync({ id, status: to });
    success(t('contracts.actions.statusChanged'));
  };

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <MenuOpener
          label={label}
          documentNumber={documentNumber}
          isLoading={change.isPending}
          icon={<IconArrowsExchange size={16} />}
          current={<ContractStatusBadge status={status} />}
          isInHeader={isInHeader}
        />
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
  isInHeader,
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
        <MenuOpener
          label={label}
          documentNumber={documentNumber}
          isLoading={change.isPending}
          icon={<IconSignature size={16} />}
          current={<AgreementStatusBadge status={agreementStatus} />}
          isInHeader={isInHeader}
        />
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
