import type { ParsedFrame, ScaleFrame } from './frame.js';

/** What the frames of one read have said last, in the words of the refusal a time-out gives. */
export type RunCondition = 'stable' | 'unstable' | 'overload' | 'underload' | 'not-gross';

export type RunOutcome =
  | { kind: 'reading'; weightKg: number; frame: ScaleFrame }
  | { kind: 'refusal'; condition: 'overload' | 'underload' | 'not-gross' };

export interface StableRunLimits {
  stableFrames: number;
  divisionKg: number;
  capacityKg: number;
}

/**
 * The weight is taken only when the indicator reports it stable, and, as weighing software does on top of the
 * indicator's own motion detection, only when `stableFrames` consecutive stable gross frames agree within one
 * division; the weight taken is the last frame's. An unreadable frame breaks the run. Tare frames (some
 * indicators interleave them) are passed over; net frames are passed over by the gross run, and `stableFrames` of
 * them with no gross frame between mean the indicator is in net mode.
 *
 * A stable weight below zero is an underload and one above the scale's capacity an overload: a ticket takes
 * neither. Overload, underload and net mode are states the indicator stays in, so `stableFrames` consecutive
 * frames of one of them end the read at once rather than at its time-out.
 */
export class StableRun {
  readonly #limits: StableRunLimits;
  readonly #weights: number[] = [];
  #condition: RunCondition | null = null;
  #conditionCount = 0;
  #netCount = 0;

  constructor(limits: StableRunLimits) {
    this.#limits = limits;
  }

  /** The condition of the last readable frame, null while none has come. */
  get lastCondition(): RunCondition | null {
    return this.#condition;
  }

  push(frame: ParsedFrame): RunOutcome | null {
    if (frame.state === 'invalid') {
      this.#weights.length = 0;
      this.#conditionCount = 0;
      return null;
    }
    if (frame.mode === 'tare') return null;
    if (frame.mode === 'net') {
      this.#netCount++;
      if (this.#netCount < this.#limits.stableFrames) return null;
      this.#condition = 'not-gross';
      return { kind: 'refusal', condition: 'not-gross' };
    }
    this.#netCount = 0;
    const condition = this.#conditionOf(frame);
    this.#conditionCount = condition === this.#condition ? this.#conditionCount + 1 : 1;
    this.#condition = condition;
    if (condition !== 'stable') {
      this.#weights.length = 0;
      if (condition === 'unstable' || this.#conditionCount < this.#limits.stableFrames) return null;
      return { kind: 'refusal', condition };
    }
    const weightKg = frame.weightKg!;
    this.#weights.push(weightKg);
    if (this.#weights.length > this.#limits.stableFrames) this.#weights.shift();
    if (this.#weights.length < this.#limits.stableFrames) return null;
    const spread = Math.max(...this.#weights) - Math.min(...this.#weights);
    return spread <= this.#limits.divisionKg ? { kind: 'reading', weightKg, frame } : null;
  }

  #conditionOf(frame: ScaleFrame): RunCondition {
    if (frame.state !== 'stable' || frame.weightKg === null) return frame.state;
    if (frame.weightKg < 0) return 'underload';
    if (frame.weightKg > this.#limits.capacityKg) return 'overload';
    return 'stable';
  }
}
