/** The back-office users the admin screen tests sign in as. */
import { normalizeUser } from '@corestone/sdk';

export const superAdmin = normalizeUser({
  id: 'sa1',
  email: 'grace@school.org',
  first_name: 'Grace',
  last_name: 'Hopper',
  user_type: 'super_admin',
})!;
export const admin = normalizeUser({ id: 'a1', email: 'alan@school.org', first_name: 'Alan', last_name: 'Turing', user_type: 'admin' })!;
