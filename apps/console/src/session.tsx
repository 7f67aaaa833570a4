import { createContext, useContext } from 'react';
import type { OperatorSession } from '@maco/operator/api';
import type { Api } from './lib/api';

export interface SessionState {
  session: OperatorSession;
  api: Api;
  /** `sso`: the company's proxy signs every request; `token`: the pasted bearer token does. */
  mode: 'sso' | 'token';
}

export const SessionContext = createContext<SessionState | null>(null);

export function useSession(): SessionState {
  const state = useContext(SessionContext);
  if (!state) throw new Error('useSession outside a signed-in console');
  return state;
}
