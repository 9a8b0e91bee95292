import { LISTING_TYPES, MARKET_DEFAULT_GOVERNORATE_ID, PROPERTY_TYPES, type ListingType, type PropertyType } from '@manzil/shared';

/** What /market shows, read from its address so a view can be shared and works without JavaScript. */
export interface MarketSelection {
  governorateId: number;
  listingType: ListingType;
  propertyType: PropertyType;
}

/** Anything missing or unknown falls back to the default view: flats for sale in Sana'a city. */
export function readSelection(params: URLSearchParams): MarketSelection {
  const g = Number(params.get('governorate_id'));
  const lt = params.get('listing_type')?.toUpperCase();
  const pt = params.get('property_type')?.toUpperCase();
  return {
    governorateId: Number.isInteger(g) && g > 0 && g <= 2_147_483_647 ? g : MARKET_DEFAULT_GOVERNORATE_ID,
    listingType: (LISTING_TYPES as readonly string[]).includes(lt ?? '') ? (lt as ListingType) : 'FOR_SALE',
    propertyType: (PROPERTY_TYPES as readonly string[]).includes(pt ?? '') ? (pt as PropertyType) : 'APARTMENT',
  };
}

export function selectionParams(s: MarketSelection): URLSearchParams {
  return new URLSearchParams({ governorate_id: String(s.governorateId), listing_type: s.listingType, property_type: s.propertyType });
}
