import { Anchor } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { translate as t } from '../../../i18n';
import { ContractorDetailsModal } from './contractor-details-modal';

interface ContractorCodeProps {
  id: number;
  code: string;
  fw?: number;
}

/** A contractor code that opens the details popup; later screens use it wherever a contractor code is shown. */
export function ContractorCode({ id, code, fw = 600 }: ContractorCodeProps) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Anchor
        component="button"
        type="button"
        fw={fw}
        size="sm"
        onClick={open}
        title={t('contractors.showDetails')}
        style={{ textAlign: 'left' }}
      >
        {code}
      </Anchor>
      {opened && <ContractorDetailsModal contractorId={id} opened={opened} onClose={close} />}
    </>
  );
}
