/**
 * A listing's fields as typed, kept on this device until they are saved or the owner starts over: a power cut, a
 * flat battery, or a phone closing the tab to free memory for its camera no longer loses a description typed on
 * a phone. A new listing has one draft; an edit has one per listing, kept with the listing's fields as they were
 * when the edit began, so changes typed here are never laid over a version saved since (from another device, or
 * an admin's fix). Per account, among the offline snapshots, so drafts leave with the session at sign-out.
 * Its photos are kept apart, in IndexedDB (app/offline/draft-photos.ts): localStorage holds text.
 */
import { useCallback, useEffect, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { readSnapshot, removeSnapshot, saveSnapshot } from '../../../app/offline/snapshot';
import { DEFAULT_VALUES, type ListingFormValues } from '../form';

const NEW = 'listing-draft';
const editOf = (listingId: number) => `listing-edit:${listingId}`;
/** After the last keystroke; the tab going to the background saves at once. */
const SAVE_AFTER_MS = 400;

const FIELDS = Object.keys(DEFAULT_VALUES) as (keyof ListingFormValues)[];
const same = (a: Partial<ListingFormValues>, b: ListingFormValues) => FIELDS.every((k) => (a[k] ?? DEFAULT_VALUES[k]) === b[k]);

/** An edit's kept copy: the values typed, and the listing's values they were typed over. */
interface KeptEdit {
  values: Partial<ListingFormValues>;
  base: ListingFormValues;
}

export type ListingDraft =
  | { savedAt: number; data: ListingFormValues; stale?: false }
  /** Typed over a version of the listing that has been saved over since: not brought back. */
  | { savedAt: number; stale: true };

/**
 * The draft kept for this account and listing (null: a new one), whose form starts at `start` (the defaults, or
 * the listing's values now), with every field (a field added since it was kept takes its start value). Null when
 * nothing differs from `start`.
 */
export function readListingDraft(userId: number, listingId: number | null, start: ListingFormValues): ListingDraft | null {
  if (listingId == null) {
    const kept = readSnapshot<Partial<ListingFormValues>>(NEW, userId);
    return kept && !same(kept.data, start) ? { savedAt: kept.savedAt, data: { ...start, ...kept.data } } : null;
  }
  const kept = readSnapshot<KeptEdit>(editOf(listingId), userId);
  if (!kept?.data.base || !kept.data.values) return null;
  if (!same(kept.data.base, start)) return { savedAt: kept.savedAt, stale: true };
  return same(kept.data.values, start) ? null : { savedAt: kept.savedAt, data: { ...start, ...kept.data.values } };
}

export function forgetListingDraft(userId: number, listingId: number | null): void {
  removeSnapshot(listingId == null ? NEW : editOf(listingId), userId);
}

/**
 * Keeps the form's values on the device as they change, unless they are back at `base` (where the form started);
 * `userId` null keeps nothing (once saved). Returns `stop`: no save from now on, not even one already waiting, which
 * would otherwise land between a saved listing's draft being forgotten and the re-render that passes null.
 */
export function useKeepListingDraft(form: UseFormReturn<ListingFormValues>, userId: number | null, listingId: number | null, base: ListingFormValues): () => void {
  const stopRef = useRef(() => {});
  useEffect(() => {
    if (userId == null) return;
    let timer: number | undefined;
    let stopped = false;
    const save = () => {
      window.clearTimeout(timer);
      timer = undefined;
      if (stopped) return;
      const values = form.getValues();
      if (same(values, base)) forgetListingDraft(userId, listingId);
      else if (listingId == null) saveSnapshot(NEW, userId, values);
      else saveSnapshot<KeptEdit>(editOf(listingId), userId, { values, base });
    };
    const sub = form.watch(() => {
      window.clearTimeout(timer);
      timer = window.setTimeout(save, SAVE_AFTER_MS);
    });
    // The tab going to the background (the camera, a call) may be the last moment it runs.
    const onHidden = () => {
      if (timer !== undefined && document.visibilityState === 'hidden') save();
    };
    document.addEventListener('visibilitychange', onHidden);
    stopRef.current = () => {
      stopped = true;
      window.clearTimeout(timer);
    };
    return () => {
      stopRef.current = () => {};
      sub.unsubscribe();
      document.removeEventListener('visibilitychange', onHidden);
      window.clearTimeout(timer);
    };
  }, [form, userId, base, listingId]);
  return useCallback(() => stopRef.current(), []);
}
