import { describe, expect, it } from 'vitest';
import { BodyDeadlines } from '../../src/http/adapters/deadlines.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('body deadlines', () => {
  it('fire once their time has passed, not before, and not when cancelled', async () => {
    const deadlines = new BodyDeadlines();
    const fired: string[] = [];
    const started = performance.now();
    const at: Record<string, number> = {};
    const note = (name: string) => () => {
      fired.push(name);
      at[name] = performance.now() - started;
    };
    deadlines.add(120, note('slow'));
    deadlines.add(40, note('fast'));
    const cancel = deadlines.add(40, note('cancelled'));
    cancel();
    await sleep(80);
    expect(fired).toEqual(['fast']);
    await sleep(150);
    expect(fired).toEqual(['fast', 'slow']);
    expect(at.fast).toBeGreaterThanOrEqual(40);
    expect(at.slow).toBeGreaterThanOrEqual(120);
    // Added again after the set emptied (its timer stopped): still fires.
    deadlines.add(20, note('again'));
    await sleep(60);
    expect(fired).toEqual(['fast', 'slow', 'again']);
  });
});
