import { OffLoopError, runOffLoop } from '../../../lib/off-loop/run.js';
import { type StatementFormat, StatementLineError, type StatementTransfer } from './index.js';

/**
 * parseBankStatement on a thread of its own (lib/off-loop): a statement of the largest size allowed takes a few
 * hundred milliseconds to read. A line it cannot read is the same StatementLineError as read here.
 */
export async function parseBankStatementOffLoop(
  bytes: Uint8Array,
): Promise<{ format: StatementFormat; transfers: StatementTransfer[] }> {
  try {
    return await runOffLoop(new URL('./index.ts', import.meta.url), 'parseBankStatement', bytes);
  } catch (error) {
    if (error instanceof OffLoopError && error.kind === StatementLineError.name) {
      throw new StatementLineError(Number(error.fields.line), String(error.fields.detail));
    }
    throw error;
  }
}
