import { Button, Center, Group, Loader, Modal, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { messageCodeText } from '../../../i18n';
import { useContractor } from '../api';
import { ContractorDetails } from './contractor-details';

interface ContractorDetailsModalProps {
  contractorId: number | null;
  opened: boolean;
  onClose: () => void;
}

/** spec/1 Contractors: the details popup, opened wherever a contractor code is shown (see ContractorCode). */
export function ContractorDetailsModal({ contractorId, opened, onClose }: ContractorDetailsModalProps) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 36em)');
  const contractor = useContractor(contractorId, { enabled: opened, keepNotFound: true });
  const data = contractor.data;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      fullScreen={isPhone}
      title={<Text fw={600}>{data ? t('contractors.details', { code: data.code }) : t('common.details')}</Text>}
    >
      {data ? (
        <>
          <ContractorDetails contractor={data} />
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={onClose}>
              {t('common.close')}
            </Button>
            <Button
              component={Link}
              to={`/contractor-list/form/${data.id}`}
              leftSection={<IconPencil size={16} />}
              onClick={onClose}
            >
              {t('contractors.edit')}
            </Button>
          </Group>
        </>
      ) : contractor.isError ? (
        <Center py="xl" c="red">
          {messageCodeText('NOT_FOUND')}
        </Center>
      ) : (
        <Center py="xl">
          <Loader size="sm" />
        </Center>
      )}
    </Modal>
  );
}
