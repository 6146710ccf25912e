import { ApiError, DEFAULT_ERROR_MESSAGE, errorMessage, isInfrastructureError, SESSION_EXPIRED_MESSAGE } from '../src/errors';

describe('errorMessage never shows infrastructure failures to a person', () => {
  test.each([
    new ApiError(404, 'Route POST /api/v1/subscription/create-checkout-session not found', 'NOT_FOUND'),
    new ApiError(503, 'Service billing is unavailable', 'UPSTREAM_UNAVAILABLE'),
    new ApiError(500, 'Internal Server Error', 'INTERNAL'),
    new ApiError(0, 'Network error: Failed to fetch', 'NETWORK_ERROR'),
    new TypeError('Failed to fetch'),
  ])('%s → the fallback', (e) => {
    expect(isInfrastructureError(e)).toBe(true);
    expect(errorMessage(e, 'Failed to initiate purchase. Please try again.')).toBe('Failed to initiate purchase. Please try again.');
  });

  test('domain answers keep their text', () => {
    expect(isInfrastructureError(new ApiError(404, 'Evaluation not found', 'NOT_FOUND'))).toBe(false);
    expect(errorMessage(new ApiError(400, 'Plan cannot be purchased', 'VALIDATION_ERROR'), 'x')).toBe('Plan cannot be purchased');
    expect(errorMessage(new Error('Polling timeout: Evaluation did not complete in time'))).toBe(
      'Polling timeout: Evaluation did not complete in time',
    );
    expect(errorMessage(undefined)).toBe(DEFAULT_ERROR_MESSAGE);
  });
});

describe('an ended session reads the same everywhere', () => {
  test.each([
    new ApiError(401, 'Not authenticated', 'UNAUTHENTICATED'),
    new ApiError(401, 'Access token expired', 'TOKEN_EXPIRED'),
    new ApiError(401, 'Invalid or expired refresh token', 'INVALID_REFRESH_TOKEN'),
    new ApiError(401, 'No refresh token available', 'NO_REFRESH_TOKEN'),
  ])('%s → the session-expired text', (e) => {
    expect(errorMessage(e, 'Failed to load this submission. Please try again.')).toBe(SESSION_EXPIRED_MESSAGE);
  });

  test('sign-in refusals (401 too) keep their words', () => {
    expect(errorMessage(new ApiError(401, 'Incorrect password', 'INCORRECT_PASSWORD'))).toBe('Incorrect password');
    expect(errorMessage(new ApiError(401, 'No account found with this email address', 'ACCOUNT_NOT_FOUND'))).toBe(
      'No account found with this email address',
    );
  });
});
