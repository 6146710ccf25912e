import { useEffect, useState } from 'react';
import type { CorestoneClient, SessionUser } from '@corestone/sdk';
import { schoolFunding, type SchoolFunding } from './school';

/**
 * Whose credits grade this user's essays (see schoolFunding), asked of GET /schools/mine only for
 * an active school member (/auth/me's `school`); null for an individual, while loading, or when the
 * school cannot be read (the personal-credit texts then stand, and the server still decides).
 */
export function useSchoolFunding(client: CorestoneClient, user: Pick<SessionUser, 'school'>): SchoolFunding | null {
  const member = user.school?.status === 'active';
  const [funding, setFunding] = useState<SchoolFunding | null>(null);
  useEffect(() => {
    if (!member) {
      setFunding(null);
      return;
    }
    let live = true;
    client.schools.mine().then(
      (mine) => live && setFunding(schoolFunding(mine)),
      () => live && setFunding(null),
    );
    return () => {
      live = false;
    };
  }, [client, member]);
  return funding;
}
