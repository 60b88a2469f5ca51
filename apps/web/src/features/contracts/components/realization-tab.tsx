import { Stack } from '@mantine/core';
import type { ContractDashboard } from '../contract-view';
import type { ContractSide } from '../side';
import { AllocatedContractsTable } from './allocated-contracts-table';
import { ContractSummary } from './contract-summary';
import { QualitySummaryCard } from './quality-summary';
import { RealizationFigures } from './realization-figures';

export function RealizationTab({ side, contract }: { side: ContractSide; contract: ContractDashboard }) {
  return (
    <Stack gap="md">
      <ContractSummary side={side} contract={contract} />
      <RealizationFigures side={side} contract={contract} />
      <QualitySummaryCard contract={contract} />
      <AllocatedContractsTable side={side} contract={contract} />
    </Stack>
  );
}
