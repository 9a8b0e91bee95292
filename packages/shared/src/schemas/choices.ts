import { z } from 'zod';

export const choice = z.object({ value: z.string(), label_en: z.string(), label_ar: z.string() });
export const choicesResponse = z.object({
  listing_types: z.array(choice),
  property_types: z.array(choice),
  currencies: z.array(choice),
});
export type ChoicesResponse = z.infer<typeof choicesResponse>;
