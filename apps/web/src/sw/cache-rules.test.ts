import { describe, expect, it } from 'vitest';
import { firstPhotoSmall, isAppFile, isListingAnswer, isListingPhoto, listingIdOf, mayKeep, photoOf } from './cache-rules';

const u = (path: string) => new URL(path, 'https://manzil.test');

describe('service worker cache rules', () => {
  it('keeps the details answer of a listing, nothing else of the API', () => {
    expect(isListingAnswer(u('/api/v1/listings/12'))).toBe(true);
    expect(listingIdOf('/api/v1/listings/12/')).toBe(12);
    for (const other of ['/api/v1/listings/12/similar', '/api/v1/listings/search', '/api/v1/favorites', '/api/v1/users/me', '/api/v1/listings/12?x=1']) {
      expect(isListingAnswer(u(other))).toBe(false);
    }
  });

  it('keeps only answers read without a token that the server lets anyone reuse', () => {
    expect(mayKeep(200, 'public, max-age=60')).toBe(true);
    expect(mayKeep(200, null)).toBe(true);
    expect(mayKeep(200, null, true)).toBe(false);
    expect(mayKeep(200, 'private, no-store')).toBe(false);
    expect(mayKeep(404, null)).toBe(false);
    expect(mayKeep(500, null)).toBe(false);
  });

  it('tells photos and app files from pages', () => {
    expect(isListingPhoto(u('/uploads/listings/3/a-400.webp'))).toBe(true);
    expect(isAppFile(u('/assets/index-abc123.js'))).toBe(true);
    expect(isAppFile(u('/vendor/bootstrap.rtl.min.css'))).toBe(true);
    expect(isAppFile(u('/property-details/3'))).toBe(false);
    expect(isListingPhoto(u('/uploads/avatars/1.webp'))).toBe(false);
  });

  it('knows every size of one photo as the same photo', () => {
    expect(photoOf('/uploads/listings/3/a1b2-400.webp')).toBe('/uploads/listings/3/a1b2');
    expect(photoOf('/uploads/listings/3/a1b2-1600.webp')).toBe(photoOf('/uploads/listings/3/a1b2-400.webp'));
    expect(photoOf('/uploads/listings/3/a1b2-400.webp')).not.toBe(photoOf('/uploads/listings/3/c3d4-400.webp'));
    expect(photoOf('/uploads/listings/3/a1b2.jpg')).toBeNull();
    expect(photoOf('/assets/a-400.webp')).toBeNull();
  });

  it('picks the first photo (by position) at its smallest variant', () => {
    const listing = {
      media: [
        { position: 1, file_url: '/uploads/listings/1/b.jpg', variants: [{ width: 400, url: '/uploads/listings/1/b-400.webp' }] },
        { position: 0, file_url: '/uploads/listings/1/a.jpg', variants: [{ width: 960, url: '/uploads/listings/1/a-960.webp' }, { width: 400, url: 'uploads/listings/1/a-400.webp' }] },
      ],
    };
    expect(firstPhotoSmall(listing)).toBe('/uploads/listings/1/a-400.webp');
    expect(firstPhotoSmall({ media: [{ position: 0, file_url: '/uploads/listings/1/c.jpg', variants: [] }] })).toBe('/uploads/listings/1/c.jpg');
    expect(firstPhotoSmall({ media: [] })).toBeNull();
    expect(firstPhotoSmall({ media: [{ position: 0, file_url: 'https://elsewhere.test/x.jpg', variants: [] }] })).toBeNull();
    expect(firstPhotoSmall(null)).toBeNull();
  });
});
