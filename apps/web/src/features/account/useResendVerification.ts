import { useMutation } from '@tanstack/react-query';
import { MESSAGES, messageKey } from '@manzil/shared';
import { ApiError } from '../../api/client';
import { resendVerification } from './api';

/**
 * The English message (of the catalogue) to show for a failed e-mail sending call: 429 is "too many
 * requests" unless the server named a catalogue message; a network error says so; otherwise the server's
 * detail or the generic text.
 */
export function sendFailureMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return MESSAGES.serverError;
  if (error.status === 0) return error.message;
  if (error.status === 429) return typeof error.detail === 'string' && messageKey(error.detail) ? error.detail : MESSAGES.tooManyRequests;
  return typeof error.detail === 'string' ? error.detail : MESSAGES.serverError;
}

/** "Resend" of the verification link (banner, profile, verify page): one call at a time, its outcome as a message. */
export function useResendVerification() {
  const mutation = useMutation({ mutationFn: resendVerification });
  const message = mutation.isSuccess
    ? mutation.data?.detail || MESSAGES.verificationSent
    : mutation.isError
      ? sendFailureMessage(mutation.error)
      : null;
  return {
    send: () => mutation.mutate(),
    sending: mutation.isPending,
    ok: mutation.isSuccess,
    /** English (catalogue) text; translate with translateApiError. */
    message,
  };
}
