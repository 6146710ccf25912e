// The provisioned load users (deploy/load/users.js create) and one signed-in session per VU.
import { SharedArray } from 'k6/data';
import { config } from './config.js';
import { signIn } from './api.js';

/** @type {Array<{ email: string, password: string }>} */
export const users = new SharedArray('load users', () => {
  const file = JSON.parse(open(config.usersFile));
  if (!Array.isArray(file.users) || file.users.length === 0) throw new Error(`${config.usersFile} holds no users`);
  return file.users;
});

/** @type {string | null} */
let token = null;

/** This VU's user (VUs share users round-robin) and its access token, signed in once. */
export function session() {
  const user = users[(__VU - 1) % users.length];
  if (!token) token = signIn(user);
  return { user, token };
}
