/**
 * The first-admin setup page's texts about the setup token (issue 28): the server answers the
 * token errors with them, the /setup page shows them. No imports, so the shell can load this file
 * alone (`@corestone/contracts/setup-texts`) without the schemas.
 */
export const SetupTexts = {
  TOKEN_LABEL: 'Setup token',
  TOKEN_HINT:
    "Your deployment's SETUP_TOKEN: in the Helm chart's Secret, in deploy/.env for Docker Compose, or in the auth service's environment.",
  /** The page, when the field is left empty. */
  TOKEN_MISSING: 'Enter the setup token (the SETUP_TOKEN value set for this deployment).',
  /** Server, 403 SETUP_TOKEN_REQUIRED: no token was sent while one is required. */
  TOKEN_REQUIRED: 'A valid setup token is required',
  /** Server, 403 SETUP_TOKEN_INVALID: a token was sent and it is not the configured one. */
  TOKEN_INVALID: 'The setup token is not correct. Use the SETUP_TOKEN value set for this deployment.',
} as const;
