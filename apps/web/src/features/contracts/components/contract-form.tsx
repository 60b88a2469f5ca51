import type { ContractStatus } from '@grain/shared';
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { type FormEvent, type ReactNode, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { focusFirstError, showServerErrors } from '../../../components/form/server-errors';
import { useZodForm } from '../../../components/form/use-zod-form';
import { type ContractorFormValues, contractorFormSchema, emptyContractorForm } from '../../contractors';
import type { ContractFormValues } from '../form-value-types';
import { contractFormSchema } from '../form-values';
import type { ContractSide } from '../side';
import { CargoSection } from './cargo-section';
import { ContactsSection } from './contacts-section';
import { CounterpartySection } from './counterparty-section';
import { FormSection } from './form-section';
import { FreightSection } from './freight-section';
import { NotificationsSection } from './notifications-section';
import { TermsSection } from './terms-section';
import { ToleranceSection } from './tolerance-section';
import { useCounterpartyAddresses } from './use-counterparty-addresses';

interface ContractFormProps {
  side: ContractSide;
  mode: 'create' | 'edit';
  initialValues: ContractFormValues;
  /** The edit form's status choices (the create form offers none: a contract starts as NEW). */
  statuses?: readonly ContractStatus[];
  isSaving: boolean;
  onSave: (values: ContractFormValues) => Promise<unknown>;
  onCancel: () => void;
  /** The delete button of the details tab, left of cancel and save. */
  extraActions?: ReactNode;
}

/** spec/1 Contract create and edit forms: one form for both sides and both modes, split into sections. */
export function ContractForm(props: ContractFormProps) {
  const { side, mode, initialValues, statuses, isSaving, onSave, onCancel, extraActions } = props;
  const { t } = useTranslation();
  const isCreate = mode === 'create';
  const schema = useMemo(() => contractFormSchema(side, mode), [side, mode]);
  const form = useZodForm<ContractFormValues>({ schema, initialValues });
  const counterpartyForm = useZodForm<ContractorFormValues>({
    schema: contractorFormSchema,
    initialValues: emptyContractorForm(),
  });
  const { partyAddresses, chooseCounterparty } = useCounterpartyAddresses(side, form);

  // The inline counterparty has its own form (the contractor sections); its values ride along in this one.
  const isNewCounterparty = form.values.newCounterparty !== null;
  // Only a change of the inline values copies them: Mantine's setFieldValue is a new function on every render and
  // marks the field's dirty state even when the value is the same, so depending on it would loop.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (isNewCounterparty) form.setFieldValue('newCounterparty', counterpartyForm.values);
  }, [counterpartyForm.values, isNewCounterparty]);

  // Clicking save validates both forms, marks every wrong field and focuses the first; no second ask.
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const root = event.currentTarget;
    const counterpartyErrors = isNewCounterparty ? counterpartyForm.validate().errors : {};
    const contractErrors = form.validate().errors;
    const wrongPaths = [...Object.keys(counterpartyErrors), ...Object.keys(contractErrors)];
    if (wrongPaths.length > 0) {
      focusFirstError(wrongPaths, root);
      return;
    }
    try {
      await onSave(form.getValues());
    } catch (error) {
      showServerErrors(form, error);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={1200}>
        <FormSection title={t(`${side.i18n}.counterparty`)}>
          <CounterpartySection
            side={side}
            form={form}
            counterpartyForm={counterpartyForm}
            onChoose={chooseCounterparty}
          />
        </FormSection>
        <FormSection title={t('contracts.form.terms')}>
          <TermsSection form={form} statuses={statuses ?? []} isCreate={isCreate} />
        </FormSection>
        <FormSection title={t('contracts.form.freight')}>
          <FreightSection side={side} form={form} partyAddresses={partyAddresses} />
        </FormSection>
        <FormSection title={t('contracts.form.cargo')}>
          <CargoSection side={side} form={form} isCreate={isCreate} />
        </FormSection>
        <FormSection title={t('contracts.form.tolerance')}>
          <ToleranceSection form={form} />
        </FormSection>
        <FormSection title={t('contracts.fields.comments')}>
          <Textarea aria-label={t('contracts.fields.comments')} {...form.getInputProps('comments')} />
        </FormSection>
        <FormSection title={t('contractors.contactsSection')}>
          <ContactsSection form={form} />
        </FormSection>
        <FormSection title={t('contracts.form.notifications')}>
          <NotificationsSection form={form} />
        </FormSection>
        <Group justify="space-between" gap="sm" wrap="wrap-reverse">
          <div>{extraActions}</div>
          <Group gap="sm">
            <Button variant="default" onClick={onCancel}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={isSaving}>
              {isCreate ? t(`${side.i18n}.add`) : t('common.saveChanges')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
