import '../i18n';
import { todayIso } from '@grain/shared';
import { Center, Loader } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../../../app/session';
import { PageHeader } from '../../../components/page-header';
import { useCreateContract, useDefaultEmailList } from '../api';
import { ContractForm } from '../components/contract-form';
import { emptyContractForm, toContractRequest } from '../form-values';
import { DEFAULT_RAW_MATERIAL_ID } from '../list-filter';
import { type ContractSide, dashboardPath, PURCHASE_SIDE, SALES_SIDE } from '../side';

/** A failed default-list call leaves the list empty (the error toast says why). */
const NO_EMAILS: string[] = [];

function NewContractForm({ side, emails }: { side: ContractSide; emails: string[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const location = useLocation();
  const create = useCreateContract(side);
  const stateRawMaterial = Number((location.state as { rawMaterialId?: unknown } | null)?.rawMaterialId);
  const initialValues = useMemo(
    () =>
      emptyContractForm(side, {
        userId: user?.id ?? null,
        today: todayIso(),
        rawMaterialId: stateRawMaterial > 0 ? stateRawMaterial : DEFAULT_RAW_MATERIAL_ID,
        emailNotificationList: emails,
      }),
    [side, user?.id, stateRawMaterial, emails],
  );
  return (
    <ContractForm
      side={side}
      mode="create"
      initialValues={initialValues}
      isSaving={create.isPending}
      onCancel={() => navigate(side.listPath)}
      onSave={async (values) => {
        const created = await create.mutateAsync(toContractRequest(side, values));
        notifications.show({
          color: 'green',
          message: t(`${side.i18n}.created`),
          autoClose: 5000,
          withCloseButton: true,
        });
        navigate(dashboardPath(side, created.id));
      }}
    />
  );
}

/** /contract/{purchase|sale}-list/form: the create form, its e-mail list pre-filled from the mailing settings. */
function ContractCreatePage({ side }: { side: ContractSide }) {
  const { t } = useTranslation();
  const emails = useDefaultEmailList(side, true);
  const title = t(`${side.i18n}.createTitle`);
  return (
    <>
      <PageHeader
        crumbs={[
          { label: t('nav.home'), to: '/positions' },
          { label: t(`${side.i18n}.title`), to: side.listPath },
          { label: title },
        ]}
        title={title}
      />
      {emails.isPending ? (
        <Center py="xl">
          <Loader />
        </Center>
      ) : (
        <NewContractForm side={side} emails={emails.data ?? NO_EMAILS} />
      )}
    </>
  );
}

export const PurchaseCreatePage = () => <ContractCreatePage side={PURCHASE_SIDE} />;
export const SalesCreatePage = () => <ContractCreatePage side={SALES_SIDE} />;
