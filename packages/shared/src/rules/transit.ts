/**
 * The transit difference of a transport (CONTRIBUTING.md Weighbridge): what the loading weighbridge ticket weighed
 * net against what the unloading one weighed net. Percentages in hundredths of a percent (basis points), integers
 * like every other rate here; the tolerance is the raw material's.
 */

/** The tolerance a raw material starts with: 0,30 % of the loaded net weight. */
export const TRANSIT_TOLERANCE_BP_DEFAULT = 30;
/** A tolerance above 10 % is a typing error, not a tolerance. */
export const TRANSIT_TOLERANCE_BP_MAX = 1_000;

export interface TransitDifference {
  loadingNetKg: number;
  unloadingNetKg: number;
  /** Loading minus unloading: positive is a loss in transit, negative a gain. */
  differenceKg: number;
  /** The difference against the loading net, in basis points, rounded half away from zero. */
  differenceBp: number;
  toleranceBp: number;
  /** The difference, either way, is above the tolerance (equal to it is still within). */
  isAboveTolerance: boolean;
}

export function transitDifference(
  loadingNetKg: number,
  unloadingNetKg: number,
  toleranceBp: number,
): TransitDifference {
  const differenceKg = loadingNetKg - unloadingNetKg;
  const magnitude = Math.abs(differenceKg);
  const differenceBp =
    loadingNetKg === 0
      ? 0
      : Math.sign(differenceKg) * Math.floor((magnitude * 20_000 + loadingNetKg) / (2 * loadingNetKg));
  return {
    loadingNetKg,
    unloadingNetKg,
    differenceKg,
    differenceBp: differenceBp === 0 ? 0 : differenceBp,
    toleranceBp,
    // Compared in whole numbers, not on the rounded percentage: 0,304 % against 0,30 % is above.
    isAboveTolerance: magnitude * 10_000 > toleranceBp * loadingNetKg,
  };
}

/** A weighing's net weight; tare above gross is refused before it gets here (TARE_ABOVE_GROSS). */
export function isTareAboveGross(grossKg: number, tareKg: number): boolean {
  return tareKg > grossKg;
}
