import { useRef, useState } from 'react';
import { toApiError, type ApiError } from '@/lib/api/error-core';
import { MessageError } from '@/lib/send';
import { UserError, type Text } from '@/lib/text';

export { UserError };

export type ActionState<T> =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'success'; value: T }
  /** `apiError` is the background's error, with its action and details, when the failure came from there. */
  | { status: 'error'; error: Text; apiError?: ApiError };

/** Any thrown value as a message in both languages: the background's ApiError text when there is one. */
export function errorText(e: unknown): Text {
  return e instanceof UserError ? e.text : toApiError(e).message;
}

/**
 * Runs an async action and tracks its loading, success and error states. A newer run supersedes an older
 * one still pending, so a slow answer never overwrites a later one.
 */
export function useAction<A extends unknown[], T>(
  fn: (...args: A) => Promise<T>,
): [ActionState<T>, (...args: A) => Promise<T | undefined>, () => void] {
  const [state, setState] = useState<ActionState<T>>({ status: 'idle' });
  const latest = useRef(0);
  const run = async (...args: A) => {
    const n = ++latest.current;
    setState({ status: 'loading' });
    try {
      const value = await fn(...args);
      if (n === latest.current) setState({ status: 'success', value });
      return value;
    } catch (e) {
      if (n === latest.current) {
        setState({
          status: 'error',
          error: errorText(e),
          ...(e instanceof MessageError && { apiError: e.error }),
        });
      }
      return undefined;
    }
  };
  const reset = () => {
    latest.current++;
    setState({ status: 'idle' });
  };
  return [state, run, reset];
}
