import { makeApiError, type ApiAction, type ApiError, type ApiErrorCode } from '@/lib/api/errors';
import type { Text } from '@/lib/text';

/** An ApiError the background raises itself, before anything is sent: never charged. */
export function refusal(code: ApiErrorCode, message: Text, action?: ApiAction): ApiError {
  const base = makeApiError(code, { sent: false });
  return { ...base, charged: 'no', action: action ?? base.action, message };
}
