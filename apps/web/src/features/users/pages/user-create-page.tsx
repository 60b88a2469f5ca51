import '../i18n';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useCreateUser } from '../api';
import { NEW_USER, UserForm } from '../components/user-form';

export function Page() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateUser();
  return (
    <>
      <PageHeader
        crumbs={[
          { label: t('nav.home'), to: '/positions' },
          { label: t('users.title'), to: '/users' },
          { label: t('users.createTitle') },
        ]}
        title={t('users.createTitle')}
      />
      <UserForm
        mode="create"
        initialValues={NEW_USER}
        isSaving={create.isPending}
        onSave={async ({ repeatPassword: _repeat, ...values }) => {
          await create.mutateAsync(values);
          notifications.show({ color: 'green', message: t('users.created') });
          navigate('/users');
        }}
      />
    </>
  );
}
