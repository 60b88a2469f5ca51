import { z } from 'zod';

export const CountrySchema = z.object({ code: z.string(), name: z.string() });
export type Country = z.infer<typeof CountrySchema>;
export const CountryListResponseSchema = z.object({ list: z.array(CountrySchema) });

export const HealthResponseSchema = z.object({ status: z.literal('ok'), version: z.string() });
