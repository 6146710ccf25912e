import { ApiError, DEFAULT_ERROR_MESSAGE, errorMessage, isInfrastructureError } from '../src/errors';

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
