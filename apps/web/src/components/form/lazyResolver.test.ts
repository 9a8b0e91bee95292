import { describe, expect, it, vi } from 'vitest';
import type { FieldValues, Resolver, ResolverOptions } from 'react-hook-form';
import { lazyResolver } from './lazyResolver';

type Values = FieldValues;
const options: ResolverOptions<Values> = { fields: {}, shouldUseNativeValidation: false };
const failing: Resolver<Values> = async () => ({ values: {}, errors: { message: { type: 'custom', message: 'Message is required.' } } });

describe('lazyResolver', () => {
  it('loads the validation code once, on first use, and answers with its result', async () => {
    const load = vi.fn(async () => failing);
    const resolver = lazyResolver<Values>(load);
    expect(load).not.toHaveBeenCalled();
    const first = await resolver({ message: '' }, undefined, options);
    expect(first.errors).toEqual({ message: { type: 'custom', message: 'Message is required.' } });
    await resolver({ message: '' }, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('preload starts the download before the first submit', async () => {
    const load = vi.fn(async () => failing);
    const resolver = lazyResolver<Values>(load);
    resolver.preload();
    resolver.preload();
    expect(load).toHaveBeenCalledTimes(1);
    await resolver({ message: '' }, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('when the code cannot load, lets the form go to the server as typed, and tries again next time', async () => {
    const load = vi.fn<() => Promise<Resolver<Values>>>().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue(failing);
    const resolver = lazyResolver<Values>(load);
    resolver.preload(); // a failed preload is not an unhandled rejection
    await expect(resolver({ message: 'hi' }, undefined, options)).resolves.toEqual({ values: { message: 'hi' }, errors: {} });
    const second = await resolver({ message: '' }, undefined, options);
    expect(second.errors).toHaveProperty('message');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
