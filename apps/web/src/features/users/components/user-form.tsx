import { USER_ROLES, UserCreateFormSchema, UserUpdateRequestSchema } from '@grain/shared';
import {
  Button,
  Checkbox,
  Group,
  Paper,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { showServerErrors } from '../../../components/form/server-errors';
import { useZodForm } from '../../../components/form/use-zod-form';

/** The edit form carries the unused password pair, so the strict request schema is loosened here. */
const editSchema = z.object(UserUpdateRequestSchema.in.shape);

export interface UserFormValues extends Record<string, unknown> {
  email: string;
  firstName: string;
  lastName: string;
  role: 'ADMIN' | 'USER';
  active: boolean;
  isNotifyOnPurchase: boolean;
  isNotifyOnSales: boolean;
  isNotifyOnCertificates: boolean;
  password: string;
  repeatPassword: string;
}

/** spec/1 Users: create defaults active, role USER, both notifications off. */
export const NEW_USER: UserFormValues = {
  email: '',
  firstName: '',
  lastName: '',
  role: 'USER',
  active: true,
  isNotifyOnPurchase: false,
  isNotifyOnSales: false,
  isNotifyOnCertificates: false,
  password: '',
  repeatPassword: '',
};

interface UserFormProps {
  mode: 'create' | 'edit';
  initialValues: UserFormValues;
  isSaving: boolean;
  onSave: (values: UserFormValues) => Promise<unknown>;
}

/** Create has the password pair; edit drops it and adds the active checkbox (spec/1 Users). */
export function UserForm({ mode, initialValues, isSaving, onSave }: UserFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isCreate = mode === 'create';
  const form = useZodForm<UserFormValues>({ schema: isCreate ? UserCreateFormSchema : editSchema, initialValues });

  // Create and save do not ask twice.
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSave(values);
      form.resetDirty();
    } catch (error) {
      showServerErrors(form, error);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} maw={820}>
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('users.firstName')} withAsterisk {...form.getInputProps('firstName')} />
            <TextInput label={t('users.lastName')} withAsterisk {...form.getInputProps('lastName')} />
            <TextInput label={t('users.email')} type="email" withAsterisk {...form.getInputProps('email')} />
            <Select
              label={t('users.role')}
              withAsterisk
              allowDeselect={false}
              data={USER_ROLES.map((role) => ({ value: role, label: t(`users.roles.${role}`) }))}
              {...form.getInputProps('role')}
            />
          </SimpleGrid>
          <div>
            <Title order={5} mb="xs">
              {t('users.notifications')}
            </Title>
            <Stack gap="xs">
              <Checkbox
                label={t('users.isNotifyOnPurchase')}
                {...form.getInputProps('isNotifyOnPurchase', { type: 'checkbox' })}
              />
              <Checkbox
                label={t('users.isNotifyOnSales')}
                {...form.getInputProps('isNotifyOnSales', { type: 'checkbox' })}
              />
              <Checkbox
                label={t('users.isNotifyOnCertificates')}
                {...form.getInputProps('isNotifyOnCertificates', { type: 'checkbox' })}
              />
              {!isCreate && (
                <Checkbox label={t('users.active')} {...form.getInputProps('active', { type: 'checkbox' })} />
              )}
            </Stack>
          </div>
          {isCreate && (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <PasswordInput
                label={t('users.password')}
                withAsterisk
                autoComplete="new-password"
                {...form.getInputProps('password')}
              />
              <PasswordInput
                label={t('users.repeatPassword')}
                withAsterisk
                autoComplete="new-password"
                {...form.getInputProps('repeatPassword')}
              />
            </SimpleGrid>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => navigate('/users')}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={isSaving}>
              {isCreate ? t('users.add') : t('common.saveChanges')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </form>
  );
}
