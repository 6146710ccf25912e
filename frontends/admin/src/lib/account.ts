/** The Settings screen's button rules (spec admin §2): what must be filled in before a profile or password change is sent. */

/** Both names are needed (blank ones do not count). */
export const namesMissing = (first: string, last: string): boolean => !first.trim() || !last.trim();

/** All three password fields are needed. */
export const passwordFieldsMissing = (current: string, next: string, confirm: string): boolean => !current || !next || !confirm;
