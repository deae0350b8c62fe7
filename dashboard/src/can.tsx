/** What a role may not use is not shown: `<Can do="templates:write">…</Can>` (people.ts `useCan`). */
import type { ReactNode } from 'react';
import { useCan } from './people';

/** `children` when the one signed in holds the permission `do`, else nothing. */
export function Can({ do: permission, children }: { do: string; children: ReactNode }) {
  return useCan()(permission) ? <>{children}</> : null;
}
