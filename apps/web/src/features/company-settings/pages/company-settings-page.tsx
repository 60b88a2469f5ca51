import '../i18n';
import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { useCompanySettings } from '../api';
import { CompanySettingsForm } from '../components/company-settings-form';

/** ADMIN screen of our company's data, the header of the transport order. */
export function Page() {
  const { t } = useTranslation();
  const settings = useCompanySettings();
  return (
    <>
      <PageHeader
        crumbs={[{ label: t('nav.home'), to: '/positions' }, { label: t('carriers.settings.title') }]}
        title={t('carriers.settings.title')}
      />
      {!settings.data ? (
        <Center py="xl">
          <Loader />
        </Center>
      ) : (
        <CompanySettingsForm key={settings.data.updatedAt ?? 'new'} settings={settings.data} />
      )}
    </>
  );
}
