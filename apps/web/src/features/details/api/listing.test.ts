import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/client';
import { isNotFound, parseListingId } from './listing';

describe('parseListingId', () => {
  it('accepts positive integer ids only', () => {
    expect(parseListingId('42')).toBe(42);
    expect(parseListingId(undefined)).toBeNull();
    expect(parseListingId('0')).toBeNull();
    expect(parseListingId('-3')).toBeNull();
    expect(parseListingId('4.5')).toBeNull();
    expect(parseListingId('abc')).toBeNull();
    expect(parseListingId('99999999999')).toBeNull();
    expect(parseListingId("1' or 1=1")).toBeNull();
  });
  it('treats 404 (and a rejected id) as not found, other failures as errors', () => {
    expect(isNotFound(new ApiError(404, 'Resource not found.'))).toBe(true);
    expect(isNotFound(new ApiError(500, 'x'))).toBe(false);
    expect(isNotFound(new ApiError(0, 'network'))).toBe(false);
    expect(isNotFound(new Error('x'))).toBe(false);
  });
});
