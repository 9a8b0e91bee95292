import { describe, expect, it } from 'vitest';
import { DEFAULT_VALUES, PICKED_IMAGE_BYTES, addressFromChain, checkImages, filesWithBadContent, focusFor, moveItem, sniffImageType, toPayload, typedPoint, validate, type ListingFormValues } from './form';

const filled = (over: Partial<ListingFormValues> = {}): ListingFormValues => ({
  ...DEFAULT_VALUES,
  title_ar: 'شقة للبيع',
  description_ar: 'شقة جميلة',
  price: '١٢٠٠٠',
  area_sqm: '120',
  governorate_id: '1',
  district_id: '5',
  ...over,
});

describe('listing form', () => {
  it('has the spec §3 defaults', () => {
    expect(DEFAULT_VALUES).toMatchObject({ listing_type: 'FOR_SALE', currency: 'YER', is_active: true, property_type: 'APARTMENT' });
  });

  it('requires the spec §5 fields', () => {
    const e = validate(DEFAULT_VALUES);
    for (const f of ['title_ar', 'description_ar', 'area_sqm', 'price', 'governorate_id', 'district_id']) expect(e).toHaveProperty(f, 'required');
    expect(e).not.toHaveProperty('title_en');
    expect(e).not.toHaveProperty('uzlah_id');
    expect(validate(filled())).toEqual({});
  });

  it('parses Arabic digits and names wrong numbers', () => {
    expect(toPayload(filled()).price).toBe(12000);
    expect(validate(filled({ area_sqm: '12.5' })).area_sqm).toBe('integer');
    expect(validate(filled({ price: 'abc' })).price).toBe('number');
    expect(validate(filled({ area_sqm: '0' })).area_sqm).toBe('positive');
  });

  it('falls back to the Arabic title and description in English (spec §5)', () => {
    const p = toPayload(filled());
    expect(p.title_en).toBe('شقة للبيع');
    expect(p.description_en).toBe('شقة جميلة');
    expect(toPayload(filled({ title_en: 'Flat' })).title_en).toBe('Flat');
  });

  it('says a text is too long under the field typed in, not under an English one left empty', () => {
    const e = validate(filled({ title_ar: 'ش'.repeat(201), description_ar: 'و'.repeat(5001) }));
    expect(e).toEqual({ title_ar: 'tooLong', description_ar: 'tooLong' });
    expect(validate(filled({ title_en: 'F'.repeat(201), description_en: 'D'.repeat(5001) }))).toEqual({ title_en: 'tooLong', description_en: 'tooLong' });
  });

  it('sends null rooms and build year for LAND', () => {
    const p = toPayload(filled({ property_type: 'LAND', bedrooms: '3', bathrooms: '2', build_year: '2000', parking_spaces: '1' }));
    expect(p.property_details).toMatchObject({ bedrooms: null, bathrooms: null, build_year: null, parking_spaces: 1 });
  });

  it('strips lat/lng/coordinates at the top level and rounds coordinates to 6 decimals', () => {
    const p = toPayload(filled({ latitude: '15.3694449', longitude: '٤٤.١٩١' })) as Record<string, unknown>;
    for (const k of ['lat', 'lng', 'latitude', 'longitude', 'coordinates']) expect(p).not.toHaveProperty(k);
    expect(p.property_details).toMatchObject({ latitude: 15.369445, longitude: 44.191 });
    expect(validate(filled({ latitude: '95', longitude: '44' })).latitude).toBe('coordinate');
    expect(validate(filled({ latitude: '15' })).longitude).toBe('coordinatePair');
  });

  it('joins the address from village up to governorate, with the Arabic comma in Arabic', () => {
    const a = addressFromChain([
      { name_en: 'Sanaa', name_ar: 'صنعاء' },
      { name_en: 'Bani Hushaysh', name_ar: 'بني حشيش' },
      null,
      null,
    ]);
    expect(a).toEqual({ en: 'Bani Hushaysh, Sanaa', ar: 'بني حشيش، صنعاء' });
  });

  it('reads the point the coordinate fields hold, none while either is empty or out of range', () => {
    expect(typedPoint('15.3694', ' 44.191 ')).toEqual({ lat: 15.3694, lng: 44.191 });
    expect(typedPoint('١٥٫٣٦٩٤', '٤٤٫١٩١')).toEqual({ lat: 15.3694, lng: 44.191 });
    expect(typedPoint('', '44.191')).toBeNull();
    expect(typedPoint('15.3694', undefined)).toBeNull();
    expect(typedPoint('95', '44')).toBeNull();
  });

  it('refuses image batches that break a rule, adding none', () => {
    const ok = { name: 'a.jpg', type: 'image/jpeg', size: 1000 };
    expect(checkImages([ok, ok], 0)).toBeNull();
    expect(checkImages([ok, ok, ok], 8)).toEqual({ key: 'maxImagesExceeded', maxImages: 10, remaining: 2 });
    expect(checkImages([ok, { name: 'b.gif', type: 'image/gif', size: 10 }], 0)).toMatchObject({ key: 'invalidFileType', name: 'b.gif' });
    expect(checkImages([{ ...ok, size: 5 * 1024 * 1024 + 1 }], 0)).toMatchObject({ key: 'fileSizeExceeded', maxMb: 5 });
    // A larger photo picked, to be shrunk on the device: up to 25 MB, and the message still names the 5 MB.
    expect(checkImages([{ ...ok, size: 12 * 1024 * 1024 }], 0, PICKED_IMAGE_BYTES)).toBeNull();
    expect(checkImages([{ ...ok, size: 25 * 1024 * 1024 + 1 }], 0, PICKED_IMAGE_BYTES)).toMatchObject({ key: 'fileSizeExceeded', maxMb: 5 });
  });

  it('knows JPEG, PNG and WebP by their first bytes, whatever the name says (issue 25)', async () => {
    const file = (bytes: number[] | string, name: string) => new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name, { type: 'image/jpeg' });
    expect(await sniffImageType(file([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'a.jpg'))).toBe('jpeg');
    expect(await sniffImageType(file([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0], 'a.jpg'))).toBe('png');
    expect(await sniffImageType(file('RIFF\x10\x00\x00\x00WEBPVP8 ', 'a.webp'))).toBe('webp');
    expect(await sniffImageType(file('RIFF\x10\x00\x00\x00WAVEfmt ', 'a.webp'))).toBeNull();
    expect(await sniffImageType(file('GIF89a......', 'a.jpg'))).toBeNull();
    expect(await sniffImageType(file('', 'empty.jpg'))).toBeNull();
    const names = await filesWithBadContent([file([0xff, 0xd8, 0xff, 0xdb], 'ok.jpg'), file('hello, not a photo', 'notes.jpg'), file('<svg/>', 'x.png')]);
    expect(names).toEqual(['notes.jpg', 'x.png']);
  });

  it('moves one photo to a new place, the others keeping their order', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 2, 0)).toEqual(['c', 'a', 'b', 'd']);
    expect(moveItem(['a', 'b', 'c', 'd'], 0, 1)).toEqual(['b', 'a', 'c', 'd']);
    expect(moveItem(['a', 'b', 'c'], 1, 9)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b'], 5, 0)).toEqual(['a', 'b']);
  });

  it('zooms per location level on the place; a place without coordinates shows its governorate (spec §9)', () => {
    const gov = { latitude: 15.35, longitude: 44.4 };
    expect(focusFor(null, null, null)).toEqual({ center: [15.37, 44.19], zoom: 6 });
    expect(focusFor('governorate', gov, gov)).toEqual({ center: [15.35, 44.4], zoom: 8 });
    expect(focusFor('district', { latitude: 15.3, longitude: 44.2 }, gov)).toEqual({ center: [15.3, 44.2], zoom: 10 });
    expect(focusFor('village', { latitude: 15.31, longitude: 44.21 }, gov).zoom).toBe(14);
    // Not street level at the governorate's centre, far from the village.
    expect(focusFor('district', { latitude: null, longitude: null }, gov)).toEqual({ center: [15.35, 44.4], zoom: 8 });
    expect(focusFor('village', null, gov)).toEqual({ center: [15.35, 44.4], zoom: 8 });
  });
});
