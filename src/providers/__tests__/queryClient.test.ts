import { HttpError } from 'react-admin';
import { createQueryClient, shouldRetry } from '../queryClient';

describe('retries of failed reads', () => {
  it('a refusal of the server (4xx) is not tried again: a 404 shows at once', () => {
    for (const status of [400, 401, 403, 404, 409, 410, 422, 429]) expect([status, shouldRetry(0, new HttpError('Refused', status))]).toEqual([status, false]);
  });

  it('a network error or a server error is tried again, three times', () => {
    expect([0, 1, 2].map((n) => shouldRetry(n, new HttpError('Down', 503)))).toEqual([true, true, true]);
    expect(shouldRetry(3, new HttpError('Down', 500))).toBe(false);
    expect(shouldRetry(0, new TypeError('Failed to fetch'))).toBe(true);
  });

  it('is what the console\'s client uses', () => {
    expect(createQueryClient().getDefaultOptions().queries?.retry).toBe(shouldRetry);
  });
});
