/**
 * LOCATIONS_SOURCE as an operator writes it: the data set's file, or the folder it is shipped in
 * (../shared/data/yemen-locations/), which stands for the yemen-info.json inside it.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, HAS_LOCATIONS, LOCATIONS_FILE } from '../../test/helpers.js';
import type { DbHandle } from './client.js';
import { importLocations } from './locations-import.js';

describe.runIf(HAS_LOCATIONS)('LOCATIONS_SOURCE', () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await createTestDatabase('pglite');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('reads the data set from its folder as from its file: the same data, so nothing to import again', async () => {
    const fromFile = await importLocations(h.db, LOCATIONS_FILE);
    const fromFolder = await importLocations(h.db, path.dirname(LOCATIONS_FILE));
    for (const r of [fromFile, fromFolder]) {
      expect(r.message).toMatch(/^locations: up to date/);
      expect(r.counts).toMatchObject({ governorates: 22, villages: 41_494 });
    }
  });

  it('still says so when the source cannot be read, and keeps the places it has', async () => {
    const r = await importLocations(h.db, path.join(path.dirname(LOCATIONS_FILE), 'no-such-folder'));
    expect(r.message).toMatch(/could not be read/);
    expect(r.counts.villages).toBe(41_494);
  });
});
