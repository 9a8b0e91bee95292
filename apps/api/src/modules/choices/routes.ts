import type { FastifyInstance } from 'fastify';
import { CURRENCIES, LISTING_TYPES, LISTING_TYPE_LABELS, PROPERTY_TYPES, PROPERTY_TYPE_LABELS, choicesResponse } from '@manzil/shared';

const CURRENCY_LABELS = {
  YER: { en: 'Yemeni rial', ar: 'ريال يمني' },
  USD: { en: 'US dollar', ar: 'دولار أمريكي' },
  SAR: { en: 'Saudi riyal', ar: 'ريال سعودي' },
} as const;

export default async function choicesRoutes(app: FastifyInstance) {
  const body = {
    listing_types: LISTING_TYPES.map((v) => ({ value: v, label_en: LISTING_TYPE_LABELS[v].en, label_ar: LISTING_TYPE_LABELS[v].ar })),
    property_types: PROPERTY_TYPES.map((v) => ({ value: v, label_en: PROPERTY_TYPE_LABELS[v].en, label_ar: PROPERTY_TYPE_LABELS[v].ar })),
    currencies: CURRENCIES.map((v) => ({ value: v, label_en: CURRENCY_LABELS[v].en, label_ar: CURRENCY_LABELS[v].ar })),
  };
  app.get(
    '/choices',
    { schema: { tags: ['choices'], summary: 'Listing and property types with labels', response: { 200: choicesResponse } } },
    async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return body;
    },
  );
}
