import type { CorestoneClient } from '@corestone/sdk';
import { useLoad } from '../components/common';
import { loadOverview } from '../lib/overview';

/** The overview's figures (GET /dashboard/stats, or computed from the lists the admin may read): `data`, `loading`, `error`, `reload`. */
export function useOverview(client: CorestoneClient, superAdmin: boolean) {
  return useLoad(() => loadOverview(client, superAdmin), [client, superAdmin]);
}
