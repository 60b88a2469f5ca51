import { Anchor, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useListDensity } from '../../../components/list/data-table';
import { translate as t } from '../../../i18n';
import { ContractorDetailsModal } from './contractor-details-modal';

interface ContractorCodeProps {
  id: number;
  code: string;
  /** The contractor's short name, shown under the code as the statement shows it. */
  name?: string | null;
  fw?: number;
  /**
   * In a compact row the name follows the code on its line, cut to fit ('inline'), or goes into the title alone
   * ('title': logistics, whose columns must fit 1440 px with 20 rows).
   */
  compactName?: 'inline' | 'title';
}

/** A contractor code (over its short name) that opens the details popup, wherever a contractor is shown. */
export function ContractorCode({ id, code, name, fw = 600, compactName = 'inline' }: ContractorCodeProps) {
  const [opened, { open, close }] = useDisclosure(false);
  // A compact row is one line high (data-table.tsx); the comfortable density shows the name under the code.
  const isCompact = useListDensity() === 'compact';
  const isNameInTitle = isCompact && compactName === 'title';
  return (
    <>
      <Anchor
        component="button"
        type="button"
        fw={fw}
        size="sm"
        onClick={open}
        title={
          name && isCompact
            ? `${contractorLabel(code, name)} – ${t('contractors.showDetails')}`
            : t('contractors.showDetails')
        }
        style={{
          textAlign: 'left',
          display: 'block',
          maxWidth: isCompact ? 160 : 200,
          ...(isCompact ? { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } : {}),
        }}
      >
        {code}
        {name && !isNameInTitle && (
          <Text
            component="span"
            fz="xs"
            fw={400}
            c="dimmed"
            ml={isCompact ? 4 : undefined}
            lineClamp={isCompact ? undefined : 1}
          >
            {name}
          </Text>
        )}
      </Anchor>
      {opened && <ContractorDetailsModal contractorId={id} opened={opened} onClose={close} />}
    </>
  );
}

/** "KTR00007 · Agro-Pol": a contractor in running text (titles, the transport's pair line). */
export function contractorLabel(code: string, name?: string | null): string {
  return name ? `${code} · ${name}` : code;
}
