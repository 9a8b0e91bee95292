/**
 * A new listing's fields as typed, kept on this device until the listing is created or the owner starts over: a
 * power cut, a flat battery, or a phone closing the tab to free memory for its camera no longer loses a
 * description typed on a phone. Per account, among the offline snapshots, so it leaves with the session at
 * sign-out. Photos are not kept (localStorage holds text; the restored form says so).
 */
import { useEffect } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { readSnapshot, removeSnapshot, saveSnapshot, type Snapshot } from '../../../app/offline/snapshot';
import { DEFAULT_VALUES, type ListingFormValues } from '../form';

const NAME = 'listing-draft';
/** After the last keystroke; the tab going to the background saves at once. */
const SAVE_AFTER_MS = 400;

const isBlank = (v: Partial<ListingFormValues>) => (Object.keys(DEFAULT_VALUES) as (keyof ListingFormValues)[]).every((k) => (v[k] ?? DEFAULT_VALUES[k]) === DEFAULT_VALUES[k]);

/** The draft kept for this account, with every field (a field added since it was kept takes its default). */
export function readListingDraft(userId: number): Snapshot<ListingFormValues> | null {
  const kept = readSnapshot<Partial<ListingFormValues>>(NAME, userId);
  return kept && !isBlank(kept.data) ? { savedAt: kept.savedAt, data: { ...DEFAULT_VALUES, ...kept.data } } : null;
}

export function forgetListingDraft(userId: number): void {
  removeSnapshot(NAME, userId);
}

/** Keeps the form's values on the device as they change; `userId` null keeps nothing (an edit, or once created). */
export function useKeepListingDraft(form: UseFormReturn<ListingFormValues>, userId: number | null): void {
  useEffect(() => {
    if (userId == null) return;
    let timer: number | undefined;
    const save = () => {
      window.clearTimeout(timer);
      timer = undefined;
      const values = form.getValues();
      if (isBlank(values)) removeSnapshot(NAME, userId);
      else saveSnapshot(NAME, userId, values);
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
    return () => {
      sub.unsubscribe();
      document.removeEventListener('visibilitychange', onHidden);
      window.clearTimeout(timer);
    };
  }, [form, userId]);
}
