import { cleanPersonName } from '@corestone/contracts';
import { badRequest } from '@corestone/service-kit';

/** A sent name cleaned as at sign-up (contracts cleanPersonName); undefined stays undefined. */
export function cleanName(raw: string | undefined): string | undefined {
  return raw === undefined ? undefined : cleanPersonName(raw);
}

/** A first name that was sent must not be blank (spec: 'Profile: first name required'). */
export function firstNameOf(raw: string | undefined): string | undefined {
  const first = cleanName(raw);
  if (first === '') throw badRequest('First name is required');
  return first;
}
