import { expect, it } from 'vitest';
import { whenJetStreamAnswers } from '../../src/replication/settings.js';

/** A leaderless cluster answers timeouts and "no responders" for a few seconds: starts wait through those, and only those. */
it('tries again while JetStream answers the passing errors, and stops at any other', async () => {
  let calls = 0;
  const answer = await whenJetStreamAnswers(async () => {
    calls++;
    if (calls === 1) throw Object.assign(new Error('timeout'), { name: 'TimeoutError' });
    if (calls === 2) throw new Error('no responders: no JetStream leader');
    return 'ready';
  });
  expect([answer, calls]).toEqual(['ready', 3]);

  let other = 0;
  await expect(whenJetStreamAnswers(async () => {
    other++;
    throw new Error('stream not found');
  })).rejects.toThrow('stream not found');
  expect(other).toBe(1);
});
