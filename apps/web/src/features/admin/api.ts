import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MESSAGES,
  type AdminAction,
  type AdminStats,
  type AdminUser,
  type districtItem,
  type ListingRead,
  type ListingStatus,
  type RateChangeList,
  type RatesResponse,
  type RateZonePatch,
  type RateZoneUpdated,
  type ReportCase,
  type ReportCaseList,
  type ReportCaseStatus,
} from '@manzil/shared';
import type { z } from 'zod';
import { ApiError, apiFetch } from '../../api/client';

/** Admin calls (spec §7 Admin): bearer token, JSON. */

export interface ModerationEvent {
  id: number;
  action: 'approve' | 'reject' | 'resubmit';
  reason: string | null;
  admin_id: number | null;
  admin_name: string | null;
  created_at: string;
}
export type AdminListing = ListingRead & { moderation_history: ModerationEvent[]; admin_actions: AdminAction[] };

export const adminKeys = {
  all: ['admin'] as const,
  stats: ['admin', 'stats'] as const,
  pending: ['admin', 'pending'] as const,
  listings: (offset: number, limit: number, status?: ListingStatus) => ['admin', 'listings', { offset, limit, status }] as const,
  reports: (status: ReportCaseStatus, skip: number, limit: number) => ['admin', 'reports', { status, skip, limit }] as const,
  rates: ['admin', 'rates'] as const,
  users: (q: string, status: 'active' | 'blocked' | undefined, offset: number, limit: number) => ['admin', 'users', { q, status, offset, limit }] as const,
  rateHistory: (skip: number, limit: number) => ['admin', 'rates', 'history', { skip, limit }] as const,
};

export const statsQuery = queryOptions({
  queryKey: adminKeys.stats,
  queryFn: ({ signal }) => apiFetch<AdminStats>('/admin/stats', { auth: true, signal }),
  retry: false,
});

export const pendingQuery = queryOptions({
  queryKey: adminKeys.pending,
  queryFn: ({ signal }) => apiFetch<ListingRead[]>('/admin/listings/pending', { auth: true, signal }),
  retry: false,
});

export const listingsQuery = (offset: number, limit: number, status?: ListingStatus) =>
  queryOptions({
    queryKey: adminKeys.listings(offset, limit, status),
    queryFn: ({ signal }) => {
      const q = new URLSearchParams({ offset: String(offset), limit: String(limit) });
      if (status) q.set('status', status);
      return apiFetch<{ items: AdminListing[]; total: number }>(`/admin/listings?${q}`, { auth: true, signal });
    },
    retry: false,
    placeholderData: (previous) => previous,
  });

export const useAdminStats = () => useQuery(statsQuery);
export const usePendingListings = () => useQuery(pendingQuery);
export const useAdminListings = (offset: number, limit: number, status?: ListingStatus) => useQuery(listingsQuery(offset, limit, status));

export type Decision = { id: number; action: 'approve' | 'reject'; reason?: string };

/** Approve or reject; afterwards every admin list and the counts are fetched again. */
export function useModerate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, reason }: Decision) =>
      apiFetch<AdminListing>(`/admin/listings/${id}/${action}`, {
        method: 'POST',
        auth: true,
        body: reason?.trim() ? { reason: reason.trim() } : undefined,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/**
 * Spec §8 Admin: the server's detail, else the call's fallback ('Failed to fetch dashboard statistics', …).
 * Network failures keep the client's network text. English, to be translated.
 */
export function adminErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.isNetworkError) return MESSAGES.networkError;
    if (typeof error.detail === 'string' && error.detail.trim()) return error.detail;
  }
  return fallback;
}

/** Report cases of one status (issue 28); the dashboard asks for one open case to read the open count. */
export const reportsQuery = (status: ReportCaseStatus, skip: number, limit: number) =>
  queryOptions({
    queryKey: adminKeys.reports(status, skip, limit),
    queryFn: ({ signal }) => {
      const q = new URLSearchParams({ status, skip: String(skip), limit: String(limit) });
      return apiFetch<ReportCaseList>(`/admin/reports?${q}`, { auth: true, signal });
    },
    retry: false,
    placeholderData: (previous) => previous,
  });
export const useReportCases = (status: ReportCaseStatus, skip: number, limit: number) => useQuery(reportsQuery(status, skip, limit));

export type ReportDecision = { id: number; action: 'dismiss' | 'hide' | 'unhide'; reason?: string };

/** Dismiss or hide a case, or show a hidden one again; afterwards every admin list and the counts are fetched again. */
export function useDecideReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, reason }: ReportDecision) =>
      apiFetch<ReportCase>(`/admin/reports/${id}/${action}`, { method: 'POST', auth: true, body: action === 'hide' ? { reason: reason?.trim() ?? '' } : undefined }),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** Block or unblock a user (the owner of a reported listing); afterwards every admin list is fetched again. */
export function useBlockUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, block }: { userId: number; block: boolean }) =>
      apiFetch<{ id: number; blocked: boolean; blocked_at: string | null }>(`/admin/users/${userId}/${block ? 'block' : 'unblock'}`, { method: 'POST', auth: true }),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/**
 * The rate zones (issue 29), asked past the browser's minute of caching: an administrator sees what is stored
 * now (the ETag makes it a 304 when nothing changed).
 */
export const ratesQuery = queryOptions({
  queryKey: adminKeys.rates,
  queryFn: ({ signal }) => apiFetch<RatesResponse>('/rates', { signal, headers: { 'cache-control': 'no-cache' } }),
  retry: false,
});
export const useAdminRates = () => useQuery(ratesQuery);

export const rateHistoryQuery = (skip: number, limit: number) =>
  queryOptions({
    queryKey: adminKeys.rateHistory(skip, limit),
    queryFn: ({ signal }) => apiFetch<RateChangeList>(`/admin/rates/history?skip=${skip}&limit=${limit}`, { auth: true, signal }),
    retry: false,
    placeholderData: (previous) => previous,
  });
export const useRateHistory = (skip: number, limit: number) => useQuery(rateHistoryQuery(skip, limit));

/** Change a zone's rate or members; the answer is the rates as they now are, and the history is fetched again. */
export function useUpdateRateZone() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: RateZonePatch }) =>
      apiFetch<RateZoneUpdated>(`/admin/rates/zones/${id}`, { method: 'PATCH', auth: true, body: patch }),
    onSuccess: (data) => {
      client.setQueryData(adminKeys.rates, data.rates);
      void client.invalidateQueries({ queryKey: ['admin', 'rates', 'history'] });
    },
  });
}

export type District = z.infer<typeof districtItem>;

/** A governorate's districts, under the key the owner's form uses, so the two share what they fetched. */
export const districtsOfQuery = (governorateId: number) =>
  queryOptions({
    queryKey: ['locations', 'districts', String(governorateId)] as const,
    queryFn: ({ signal }) => apiFetch<District[]>(`/locations/districts/?governorate_id=${governorateId}`, { signal }),
    staleTime: 24 * 60 * 60 * 1000,
  });

/** GET /admin/users (issue 28): find a user to block or unblock them. */
export function useAdminUsers(q: string, status: 'active' | 'blocked' | undefined, offset: number, limit: number) {
  return useQuery({
    queryKey: adminKeys.users(q, status, offset, limit),
    queryFn: ({ signal }) => {
      const p = new URLSearchParams({ offset: String(offset), limit: String(limit) });
      if (q) p.set('q', q);
      if (status) p.set('status', status);
      return apiFetch<{ items: AdminUser[]; total: number }>(`/admin/users?${p}`, { signal, auth: true });
    },
    placeholderData: (previous) => previous,
  });
}
