import { TagsInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ContractFormApi } from './form-types';

/** The first error of the list or of one of its e-mails ("emailNotificationList.2"). */
function listError(errors: Record<string, unknown>, key: string): string | undefined {
  const entry = Object.entries(errors).find(([path]) => path === key || path.startsWith(`${key}.`));
  return entry ? String(entry[1]) : undefined;
}

/** Notification e-mails (RULES.md Contracts: pre-filled on create from the users' mailing settings). */
export function NotificationsSection({ form }: { form: ContractFormApi }) {
  const { t } = useTranslation();
  return (
    <TagsInput
      label={t('contracts.fields.emailNotificationList')}
      description={t('contracts.form.emailsHint')}
      splitChars={[',', ' ', ';']}
      clearable
      value={form.values.emailNotificationList}
      onChange={(emails) => form.setFieldValue('emailNotificationList', emails)}
      onBlur={() => {
        // Each e-mail is its own field of the schema ("emailNotificationList.2").
        for (const index of form.values.emailNotificationList.keys()) {
          form.validateField(`emailNotificationList.${index}`);
        }
      }}
      error={listError(form.errors, 'emailNotificationList')}
    />
  );
}
