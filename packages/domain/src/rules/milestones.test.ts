import { describe, expect, it } from 'vitest';
import { milestoneProgress } from './milestones.js';

describe('milestoneProgress', () => {
  it('starts at 0 towards the first milestone of 10 kg', () => {
    expect(milestoneProgress(0)).toEqual({ reached: [], next: 10, progress: 0, remaining: 10 });
  });

  it('fills the bar as a fraction of the next milestone', () => {
    const p = milestoneProgress(5);
    expect(p.next).toBe(10);
    expect(p.progress).toBe(0.5);
    expect(p.remaining).toBe(5);
  });

  it('counts a milestone as reached at exactly its value and moves on', () => {
    expect(milestoneProgress(9.99).next).toBe(10);
    const at10 = milestoneProgress(10);
    expect(at10.reached).toEqual([10]);
    expect(at10.next).toBe(25);
    expect(at10.progress).toBeCloseTo(0.4, 10);
  });

  it('walks the whole seed list', () => {
    expect(milestoneProgress(300).reached).toEqual([10, 25, 50, 100, 250]);
    expect(milestoneProgress(300).next).toBe(500);
    expect(milestoneProgress(4999).next).toBe(5000);
  });

  it('is full with no next milestone from 5000 kg on', () => {
    expect(milestoneProgress(5000)).toMatchObject({ next: null, progress: 1, remaining: 0 });
    expect(milestoneProgress(12000).reached).toHaveLength(9);
  });

  it('treats negative or non-finite values as zero', () => {
    expect(milestoneProgress(-3).progress).toBe(0);
    expect(milestoneProgress(Number.NaN).next).toBe(10);
  });
});
