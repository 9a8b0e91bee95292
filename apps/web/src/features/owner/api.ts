/**
 * The owner's calls of spec §7 (listings and images, bearer token) and the lookups the form needs
 * (choices, the location levels below governorate). Each call is a plain function; queries are paired with it.
 */
import { queryOptions } from '@tanstack/react-query';
import {
  MESSAGES,
  type ChoicesResponse,
  type ListingMessageList,
  type ListingRead,
  type MarkMessagesReadResult,
  type MediaItem,
  type MyListingRead,
  type districtItem,
  type uzlahItem,
  type villageItem,
} from '@manzil/shared';
import type { z } from 'zod';
import { API_BASE, ApiError, apiFetch, getToken, serverDetailMessage } from '../../api/client';
import type { ListingPayload } from './form';

export type District = z.infer<typeof districtItem>;
export type Uzlah = z.infer<typeof uzlahItem>;
export type Village = z.infer<typeof villageItem>;

/** A page of the owner's listings, each with its message counts. */
export interface ListingPage {
  items: MyListingRead[];
  total: number;
}

const DAY = 24 * 60 * 60 * 1000;

/** GET /choices/ (spec §7). The caller falls back to the built-in types silently on failure. */
export const choicesQuery = queryOptions({
  queryKey: ['choices'] as const,
  queryFn: ({ signal }) => apiFetch<ChoicesResponse>('/choices/', { signal }),
  staleTime: 60 * 60 * 1000,
  retry: false,
});

export const districtsQuery = (governorateId: string) =>
  queryOptions({
    queryKey: ['locations', 'districts', governorateId] as const,
    queryFn: ({ signal }) => apiFetch<District[]>(`/locations/districts/?governorate_id=${encodeURIComponent(governorateId)}`, { signal }),
    enabled: Boolean(governorateId),
    staleTime: DAY,
  });

export const uzaalQuery = (districtId: string) =>
  queryOptions({
    queryKey: ['locations', 'uzaal', districtId] as const,
    queryFn: ({ signal }) => apiFetch<Uzlah[]>(`/locations/uzaal/?district_id=${encodeURIComponent(districtId)}`, { signal }),
    enabled: Boolean(districtId),
    staleTime: DAY,
  });

/** The spec's form passes the uzlah id as uzaal_id. */
export const villagesQuery = (uzlahId: string) =>
  queryOptions({
    queryKey: ['locations', 'villages', uzlahId] as const,
    queryFn: ({ signal }) => apiFetch<Village[]>(`/locations/villages/?uzaal_id=${encodeURIComponent(uzlahId)}`, { signal }),
    enabled: Boolean(uzlahId),
    staleTime: DAY,
  });

/** GET /listings/{id} with the token: the owner may load a pending or rejected listing for editing. */
export const listingForEditQuery = (id: string, token: string | null) =>
  queryOptions({
    queryKey: ['listings', 'edit', id, token] as const,
    queryFn: ({ signal }) => apiFetch<ListingRead>(`/listings/${encodeURIComponent(id)}`, { auth: true, signal }),
    enabled: Boolean(id && token),
    retry: false,
    staleTime: 0,
  });

export const MY_LISTINGS_PAGE = 100;
export const myListingsKey = (token: string | null) => ['listings', 'mine', token] as const;

/** GET /listings/my-listings?skip&limit (bearer) → {items, total}. */
export function fetchMyListings(skip: number, signal?: AbortSignal) {
  return apiFetch<ListingPage>(`/listings/my-listings?skip=${skip}&limit=${MY_LISTINGS_PAGE}`, { auth: true, signal });
}

export const MESSAGES_PAGE = 20;
export const listingMessagesKey = (listingId: number) => ['listings', 'messages', listingId] as const;

/** GET /listings/{id}/messages?skip&limit (bearer, the listing's owner only): newest first. Reading marks nothing. */
export function fetchListingMessages(listingId: number, skip: number, signal?: AbortSignal) {
  return apiFetch<ListingMessageList>(`/listings/${listingId}/messages?skip=${skip}&limit=${MESSAGES_PAGE}`, { auth: true, signal });
}

/** POST /listings/{id}/messages/read: the messages the owner has seen; answers how many are still unread. */
export function markMessagesRead(listingId: number, messageIds: number[]) {
  return apiFetch<MarkMessagesReadResult>(`/listings/${listingId}/messages/read`, { method: 'POST', body: { message_ids: messageIds }, auth: true });
}

export function createListing(payload: ListingPayload) {
  return apiFetch<ListingRead>('/listings/', { method: 'POST', body: payload, auth: true });
}

export function updateListing(id: number | string, payload: Partial<ListingPayload>) {
  return apiFetch<ListingRead>(`/listings/${id}`, { method: 'PATCH', body: payload, auth: true });
}

export function deleteListing(id: number) {
  return apiFetch<void>(`/listings/${id}`, { method: 'DELETE', auth: true });
}

export async function deleteImage(listingId: number, imageId: number) {
  try {
    await apiFetch<void>(`/listings/${listingId}/images/${imageId}`, { method: 'DELETE', auth: true });
  } catch (e) {
    // Spec §8: 'Delete failed: N' when the server says nothing more useful.
    if (e instanceof ApiError && !e.isNetworkError && e.detail == null) throw new ApiError(e.status, `Delete failed: ${e.status}`);
    throw e;
  }
}

/** PUT /listings/{id}/images/order (issue 25): every photo id of the listing once, the cover first. */
export function reorderImages(listingId: number, imageIds: number[]) {
  return apiFetch<MediaItem[]>(`/listings/${listingId}/images/order`, { method: 'PUT', body: { image_ids: imageIds }, auth: true });
}

/**
 * POST /listings/{id}/upload-image/?position=n with field `file`, through XMLHttpRequest because fetch cannot
 * report upload progress. `position` is the photo's place in the list the owner sees (0 the cover): uploads run
 * in parallel and the server keeps that order whichever finishes first. `onProgress` gets 0–100.
 */
export function uploadImage(
  listingId: number,
  file: File,
  position: number,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<MediaItem> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/listings/${listingId}/upload-image/?position=${position}`);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.min(99, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      let body: unknown = undefined;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = xhr.responseText;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve(body as MediaItem);
      } else {
        const detail = body && typeof body === 'object' && 'detail' in body ? (body as { detail: unknown }).detail : null;
        reject(new ApiError(xhr.status, serverDetailMessage(body) ?? `Upload failed: ${xhr.status}`, detail));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, MESSAGES.networkError));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/** POST /listings/{id}/renew (issue 28): an approved listing stays public for 90 more days; an expired one is back. */
export function renewListing(id: number) {
  return apiFetch<ListingRead>(`/listings/${id}/renew`, { method: 'POST', auth: true });
}
