import '../i18n';
import { Center, Loader } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { ApiError, showErrorToast } from '../../../api/client';
import { PageHeader } from '../../../components/page-header';
import { useContractor, useCreateContractor, useDeleteContractor, useUpdateContractor } from '../api';
import { CONTRACTOR_LIST_PATH, ContractorForm } from '../components/contractor-form';
import { emptyContractorForm, toCreateRequest, toFormValues, toUpdateRequest } from '../form-values';

function useBackToList() {
  const navigate = useNavigate();
  return (message: string) => {
    notifications.show({ color: 'green', message, autoClose: 5000, withCloseButton: true });
    navigate(CONTRACTOR_LIST_PATH);
  };
}

function CreateContractor() {
  const { t } = useTranslation();
  const create = useCreateContractor();
  const backToList = useBackToList();
  const initialValues = useMemo(emptyContractorForm, []);
  return (
    <ContractorForm
      mode="create"
      initialValues={initialValues}
      isSaving={create.isPending}
      onSave={async (values) => {
        await create.mutateAsync(toCreateRequest(values));
        backToList(t('contractors.created'));
      }}
    />
  );
}

function EditContractor({ id }: { id: number }) {
  const { t } = useTranslation();
  const contractor = useContractor(id);
  const update = useUpdateContractor(id);
  const remove = useDeleteContractor(id);
  const backToList = useBackToList();
  const initialValues = useMemo(() => contractor.data && toFormValues(contractor.data), [contractor.data]);

  if (!contractor.data || !initialValues) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  return (
    <ContractorForm
      key={contractor.data.updatedAt}
      mode="edit"
      initialValues={initialValues}
      isSaving={update.isPending}
      onSave={async (values) => {
        await update.mutateAsync(toUpdateRequest(values, initialValues));
        backToList(t('contractors.updated'));
      }}
      isDeleting={remove.isPending}
      onDelete={async () => {
        try {
          await remove.mutateAsync();
          backToList(t('contractors.deleted'));
        } catch (error) {
          // RULES.md Contractors and cargo: a contractor in use cannot be deleted (CONFLICT).
          if (error instanceof ApiError && error.messageCode === 'CONFLICT') {
            notifications.show({
              color: 'red',
              title: t('contractors.deleteInUse'),
              message: '',
              withCloseButton: true,
            });
          } else showErrorToast(error);
        }
      }}
    />
  );
}

/** /contractor-list/form (create) and /contractor-list/form/{id} (edit). */
export function Page() {
  const { t } = useTranslation();
  const params = useParams();
  const isEdit = params.id !== undefined;
  const id = Number(params.id);
  if (isEdit && !(Number.isInteger(id) && id > 0)) return <Navigate to="/404" replace />;
  const title = isEdit ? t('contractors.editTitle') : t('contractors.createTitle');
  return (
    <>
      <PageHeader
        crumbs={[
          { label: t('nav.home'), to: '/positions' },
          { label: t('contractors.title'), to: CONTRACTOR_LIST_PATH },
          { label: title },
        ]}
        title={title}
      />
      {isEdit ? <EditContractor id={id} /> : <CreateContractor />}
    </>
  );
}
