import { z } from 'zod';
import { optionalString, requiredString, V } from './validation.js';

/**
 * Weighbridge scales (CONTRIBUTING.md Weighbridge): how one scale is configured. The server's readers
 * (`server/modules/weighbridge/scale/`) and the future settings screen validate with the same schema.
 *
 * `manual`: the operator types the weight read off the display. `ascii-continuous`: the comma-separated
 * continuous output of A&D and most generic indicators (`ST,GS,+0012345kg`). `toledo-continuous`: Mettler Toledo
 * "Continuous" output (STX, status words A/B/C, 6-digit weight and tare, CR, optional checksum). Both network
 * protocols are read over TCP, as indicators behind a serial-to-Ethernet converter stream them.
 */
export const SCALE_PROTOCOLS = ['manual', 'ascii-continuous', 'toledo-continuous'] as const;
export type ScaleProtocol = (typeof SCALE_PROTOCOLS)[number];
export type NetworkScaleProtocol = Exclude<ScaleProtocol, 'manual'>;

/** Consecutive stable frames that must agree within one division before a weight is taken. */
export const SCALE_STABLE_FRAMES_DEFAULT = 3;
export const SCALE_STABLE_FRAMES_MAX = 50;
/** Above the largest road and rail weighbridges (60–200 t). */
export const SCALE_CAPACITY_MAX_KG = 500_000;
export const SCALE_NAME_MAX = 100;

/** A hostname or an IPv4/IPv6 address, nothing else (no scheme, no port). */
const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$|^[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*$/;

const wholeKg = (max: number) => z.number({ error: V.wrongType }).int(V.integer).min(1, V.positive).max(max, V.tooBig);

export const ScaleConfigSchema = z
  .strictObject({
    name: requiredString(SCALE_NAME_MAX),
    protocol: z.enum(SCALE_PROTOCOLS, { error: V.oneOf }),
    /** Required for a network protocol; ignored (null) for `manual`. */
    host: optionalString(253).refine((host) => host === null || HOST.test(host), V.wrongType),
    port: z.number({ error: V.wrongType }).int(V.integer).min(1, V.tooSmall).max(65_535, V.tooBig).nullish(),
    /** Max of the scale (kg): a reading above it is an overload. */
    capacityKg: wholeKg(SCALE_CAPACITY_MAX_KG),
    /** The division (d, kg) of the display: stable frames must agree within one division. */
    divisionKg: wholeKg(SCALE_CAPACITY_MAX_KG),
    stableFrames: z
      .number({ error: V.wrongType })
      .int(V.integer)
      .min(1, V.tooSmall)
      .max(SCALE_STABLE_FRAMES_MAX, V.tooBig)
      .default(SCALE_STABLE_FRAMES_DEFAULT),
  })
  .superRefine((scale, ctx) => {
    if (scale.protocol !== 'manual') {
      if (scale.host === null) ctx.addIssue({ code: 'custom', path: ['host'], message: V.required });
      if (scale.port === undefined || scale.port === null) {
        ctx.addIssue({ code: 'custom', path: ['port'], message: V.required });
      }
    }
    // Also run when a field failed (zod 4): compare only a capacity that passed.
    if (scale.capacityKg >= 1 && scale.divisionKg > scale.capacityKg) {
      ctx.addIssue({ code: 'custom', path: ['divisionKg'], message: V.tooBig });
    }
  })
  .transform((scale) => ({
    ...scale,
    host: scale.protocol === 'manual' ? null : scale.host,
    port: scale.protocol === 'manual' ? null : (scale.port ?? null),
  }));

export type ScaleConfigInput = z.input<typeof ScaleConfigSchema>;
export type ScaleConfig = z.output<typeof ScaleConfigSchema>;
