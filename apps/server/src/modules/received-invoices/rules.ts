/**
 * Matching a received invoice to the statement rows it bills (RULES.md Invoices, VAT and KSeF: a received invoice
 * matched to statement rows; issue text "Matching"). Pure functions on integers (grosze, kilograms); no I/O.
 *
 * 1. Line per truck: each invoice line pairs with one open row of the same quantity whose net value is within
 *    1 grosz of the line's.
 * 2. Several trucks on one line: a line left over pairs with a set of open rows whose quantities add up to the
 *    line's and whose net values add up to it within 1 grosz per row (each row was rounded on its own).
 * When every line pairs, the invoice is MATCHED to those rows. Otherwise each line pairs with a row that agrees in
 * quantity only or in amount only: when every line does, it is a DIFFERENCE (both figures shown, a person accepts);
 * else the rows found are only suggestions and a person assigns them (TO_ASSIGN).
 */
export interface InvoiceLineFigures {
  netMinor: number | null;
  /** The quantity in kilograms when the line's unit is a weight; null for a service line (freight by the trip). */
  quantityKg: number | null;
}

export interface OpenRow {
  id: number;
  netMinor: number;
  quantityKg: number;
}

export type MatchOutcome = { status: 'MATCHED' | 'DIFFERENCE' | 'TO_ASSIGN'; rowIds: number[] };

/** The tolerance: 1 grosz per line. */
export const GROSZ_TOLERANCE_PER_LINE = 1;
/** Bounds of the several-trucks search, so one invoice against a large contractor stays cheap. */
const SUBSET_MAX_ROWS = 8;
const SUBSET_MAX_STEPS = 20_000;

const closeEnough = (a: number, b: number, rows: number) => Math.abs(a - b) <= GROSZ_TOLERANCE_PER_LINE * rows;

function exactRowFor(line: InvoiceLineFigures, rows: OpenRow[], used: Set<number>): OpenRow | undefined {
  return rows.find(
    (row) =>
      !used.has(row.id) &&
      (line.quantityKg === null || row.quantityKg === line.quantityKg) &&
      closeEnough(row.netMinor, line.netMinor ?? Number.NaN, 1),
  );
}

/** Open rows adding up to the line (quantities exactly when it has one, amounts within 1 grosz a row), or null. */
function rowSetFor(line: InvoiceLineFigures, rows: OpenRow[], used: Set<number>): OpenRow[] | null {
  const free = rows.filter((row) => !used.has(row.id));
  const target = line.netMinor;
  if (target === null) return null;
  let steps = 0;
  const chosen: OpenRow[] = [];
  const search = (start: number, net: number, kg: number): OpenRow[] | null => {
    if (chosen.length >= 2 && closeEnough(net, target, chosen.length) && (line.quantityKg ?? kg) === kg) {
      return [...chosen];
    }
    if (chosen.length >= SUBSET_MAX_ROWS) return null;
    for (let index = start; index < free.length; index++) {
      if (++steps > SUBSET_MAX_STEPS) return null;
      const row = free[index]!;
      if (net + row.netMinor > target + GROSZ_TOLERANCE_PER_LINE * (chosen.length + 1)) continue;
      if (line.quantityKg !== null && kg + row.quantityKg > line.quantityKg) continue;
      chosen.push(row);
      const found = search(index + 1, net + row.netMinor, kg + row.quantityKg);
      if (found) return found;
      chosen.pop();
    }
    return null;
  };
  return search(0, 0, 0);
}

/** A row agreeing with the line in quantity only or in amount only: the "differences" pairing. */
function nearRowFor(line: InvoiceLineFigures, rows: OpenRow[], used: Set<number>): OpenRow | undefined {
  const free = rows.filter((row) => !used.has(row.id));
  return (
    free.find((row) => line.quantityKg !== null && row.quantityKg === line.quantityKg) ??
    free.find((row) => line.netMinor !== null && closeEnough(row.netMinor, line.netMinor, 1))
  );
}

const billedOf = (lines: InvoiceLineFigures[]) => lines.filter((line) => line.netMinor !== null && line.netMinor > 0);

/** Step 1 alone: each line with its row of the same quantity and amount, in id order, and the lines left over. */
function pairLinePerTruck(billed: InvoiceLineFigures[], sorted: OpenRow[]) {
  const used = new Set<number>();
  const leftOver: InvoiceLineFigures[] = [];
  for (const line of billed) {
    const row = exactRowFor(line, sorted, used);
    if (row) used.add(row.id);
    else leftOver.push(line);
  }
  return { used, leftOver };
}

/**
 * The quantities step 1 looks at, when every billed line names one (null: a line without a weight pairs with a row
 * of any quantity). Step 1 pairs a line only with rows of its quantity, so when it pairs every line among the open
 * rows of these quantities, `matchInvoice` over all open rows answers the same rows (`linePerTruckMatch`).
 */
export function linePerTruckQuantities(lines: InvoiceLineFigures[]): number[] | null {
  const kgs = billedOf(lines).map((line) => line.quantityKg);
  return kgs.length && kgs.every((kg) => kg !== null) ? [...new Set(kgs as number[])] : null;
}

/** The MATCHED outcome when step 1 pairs every billed line with one of `rows`, else null (take the full match). */
export function linePerTruckMatch(lines: InvoiceLineFigures[], rows: OpenRow[]): MatchOutcome | null {
  const billed = billedOf(lines);
  if (billed.length === 0) return null;
  const { used, leftOver } = pairLinePerTruck(
    billed,
    [...rows].sort((a, b) => a.id - b.id),
  );
  return leftOver.length === 0 ? { status: 'MATCHED', rowIds: idsOf(used) } : null;
}

export function matchInvoice(lines: InvoiceLineFigures[], rows: OpenRow[]): MatchOutcome {
  const billed = billedOf(lines);
  if (billed.length === 0 || rows.length === 0) return { status: 'TO_ASSIGN', rowIds: [] };
  const sorted = [...rows].sort((a, b) => a.id - b.id);

  const { used, leftOver } = pairLinePerTruck(billed, sorted);
  const unmatched = leftOver.filter((line) => {
    const set = rowSetFor(line, sorted, used);
    for (const row of set ?? []) used.add(row.id);
    return set === null;
  });
  if (unmatched.length === 0) return { status: 'MATCHED', rowIds: idsOf(used) };

  const near = new Set(used);
  const stillOpen = unmatched.filter((line) => {
    const row = nearRowFor(line, sorted, near);
    if (row) near.add(row.id);
    return !row;
  });
  return { status: stillOpen.length === 0 ? 'DIFFERENCE' : 'TO_ASSIGN', rowIds: idsOf(near) };
}

/** Whether rows a person assigned bill the invoice's net total (1 grosz per row). */
export function rowsCoverInvoice(invoiceNetMinor: number, rowNets: number[]): boolean {
  const sum = rowNets.reduce((total, net) => total + net, 0);
  return rowNets.length > 0 && closeEnough(sum, invoiceNetMinor, rowNets.length);
}

const idsOf = (ids: Set<number>) => [...ids].sort((a, b) => a - b);
