import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { confirmAction } from '../../../components/form/confirm';
import { showServerErrors } from '../../../components/form/server-errors';
import { useZodForm } from '../../../components/form/use-zod-form';
import { CertificatesSection } from '../certificates/certificates-section';
import { type ContractorFormValues, contractorFormSchema } from '../form-values';
import { AdditionalAddressesSection } from './additional-addresses-section';
import { AddressFields } from './address-fields';
import { ContactsSection } from './contacts-section';
import { ContractorDataSection } from './contractor-data-section';
import { FarmerSection } from './farmer-section';
import { InvoiceTermsSection } from './invoice-terms-section';

export const CONTRACTOR_LIST_PATH = '/contractor-list';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md" component="section" aria-label={title}>
      <Title order={4} mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

interface ContractorFormProps {
  mode: 'create' | 'edit';
  initialValues: ContractorFormValues;
  isSaving: boolean;
  onSave: (values: ContractorFormValues) => Promise<unknown>;
  isDeleting?: boolean;
  onDelete?: () => Promise<unknown>;
}

/** spec/1 Contractors: one form for create and edit; the sections are separate components. */
export function ContractorForm({ mode, initialValues, isSaving, onSave, isDeleting, onDelete }: ContractorFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isCreate = mode === 'create';
  const form = useZodForm<ContractorFormValues>({ schema: contractorFormSchema, initialValues });

  // Create and save do not ask twice; a duplicate code, NIP or PESEL shows under its field.
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSave(values);
    } catch (error) {
      showServerErrors(form, error);
    }
  });

  const askDelete = async () => {
    const confirmed = await confirmAction({
      title: t('contractors.deleteTitle'),
      message: t('contractors.deleteConfirm', { code: initialValues.code }),
      confirmLabel: t('common.delete'),
      isDanger: true,
    });
    if (confirmed) await onDelete?.().catch(() => undefined);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={1200}>
        <Section title={t('contractors.dataSection')}>
          <ContractorDataSection form={form} />
        </Section>
        {form.values.accountingMethod === 'RR' && (
          <Section title={t('contractors.farmerSection')}>
            <FarmerSection form={form} />
          </Section>
        )}
        <Section title={t('contractors.accountingAddressSection')}>
          <AddressFields form={form} path="accountingAddress" />
        </Section>
        <Section title={t('contractors.contactsSection')}>
          <ContactsSection form={form} />
        </Section>
        <Section title={t('contractors.addressesSection')}>
          <AdditionalAddressesSection form={form} />
        </Section>
        <Section title={t('contractors.invoiceTermsSection')}>
          <InvoiceTermsSection form={form} />
        </Section>
        <Section title={t('carriers.certificates.title')}>
          <CertificatesSection form={form} />
        </Section>
        <Group justify="space-between" gap="sm" wrap="wrap-reverse">
          <div>
            {!isCreate && onDelete && (
              <Button
                variant="outline"
                color="red"
                leftSection={<IconTrash size={16} />}
                loading={isDeleting}
                onClick={askDelete}
              >
                {t('common.delete')}
              </Button>
            )}
          </div>
          <Group gap="sm">
            <Button variant="default" onClick={() => navigate(CONTRACTOR_LIST_PATH)}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={isSaving}>
              {isCreate ? t('contractors.add') : t('common.saveChanges')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
