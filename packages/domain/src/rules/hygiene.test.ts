import { describe, expect, it } from 'vitest';
import { HYGIENE_ANSWER_KEY } from '../constants/hygiene-key.js';
import { HYGIENE_OPTIONS, HYGIENE_QUESTIONS, HYGIENE_TOPICS } from '../constants/hygiene.js';
import { gradeHygieneQuiz, hygieneValidUntil, isHygieneCurrent } from './hygiene.js';

describe('the hygiene quiz', () => {
  it('has a right option for every question, and a question or more on every topic', () => {
    for (const q of HYGIENE_QUESTIONS) expect(HYGIENE_OPTIONS).toContain(HYGIENE_ANSWER_KEY[q.id]);
    expect(Object.keys(HYGIENE_ANSWER_KEY).sort()).toEqual(
      HYGIENE_QUESTIONS.map((q) => q.id).sort(),
    );
    for (const topic of HYGIENE_TOPICS) {
      expect(HYGIENE_QUESTIONS.filter((q) => q.topic === topic).length).toBeGreaterThanOrEqual(1);
    }
  });

  it('passes 8 of 10 and not 7, naming the wrong answers', () => {
    const ids = HYGIENE_QUESTIONS.map((q) => q.id);
    const wrongFor = (id: string) => (HYGIENE_ANSWER_KEY[id] === 'a' ? 'b' : 'a');
    const withWrong = (count: number) =>
      Object.fromEntries(
        ids.map((id, i) => [id, i < count ? wrongFor(id) : HYGIENE_ANSWER_KEY[id]!]),
      );
    expect(gradeHygieneQuiz(withWrong(0))).toEqual({
      score: 10,
      total: 10,
      passed: true,
      wrong: [],
    });
    expect(gradeHygieneQuiz(withWrong(2))).toMatchObject({ score: 8, passed: true });
    expect(gradeHygieneQuiz(withWrong(3))).toEqual({
      score: 7,
      total: 10,
      passed: false,
      wrong: ids.slice(0, 3),
    });
  });

  it('holds a pass for a year to the millisecond', () => {
    const passed = new Date('2026-01-10T06:00:00Z');
    const until = hygieneValidUntil(passed)!;
    expect(until.toISOString()).toBe('2027-01-10T06:00:00.000Z');
    expect(isHygieneCurrent(passed, until.getTime() - 1)).toBe(true);
    expect(isHygieneCurrent(passed, until.getTime())).toBe(false);
    expect(isHygieneCurrent(null)).toBe(false);
    expect(hygieneValidUntil(undefined)).toBeNull();
  });
});
