import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { HYGIENE_QUESTIONS } from '@annasetu/domain';
import { mockApi } from '../../../testing/fetch-mock';
import { renderWithProviders } from '../../../testing/render';
import { HygieneQuiz } from './hygiene-quiz';
import { HygieneBanner } from './hygiene-status';

const QUIZ = '/api/training/quiz';
const question = (id: string) => screen.getByTestId(`hygiene-question-${id}`);
const choose = (id: string, option: 'a' | 'b' | 'c') =>
  userEvent.click(within(question(id)).getAllByRole('radio')[['a', 'b', 'c'].indexOf(option)]!);

const status = (passedAt: string | null) => ({
  passedAt,
  validUntil: passedAt ? '2027-11-29T06:00:00.000Z' : null,
  current: passedAt !== null,
});

beforeEach(() => sessionStorage.clear());

describe('the hygiene quiz', () => {
  it('keeps the answers given when the page is left and opened again (the back button)', async () => {
    mockApi({});
    const first = renderWithProviders(<HygieneQuiz />);
    await choose('washHands', 'b');
    await choose('hotFood', 'c');
    await choose('hotFood', 'a');
    first.unmount();
    renderWithProviders(<HygieneQuiz />);
    expect(within(question('washHands')).getAllByRole('radio')[1]).toBeChecked();
    expect(within(question('hotFood')).getAllByRole('radio')[0]).toBeChecked();
    expect(
      within(question('cutOnHand'))
        .getAllByRole('radio')
        .some((r) => (r as HTMLInputElement).checked),
    ).toBe(false);
  });

  it('names the first unanswered question and sends nothing until every one has an answer', async () => {
    const { calls } = mockApi({});
    renderWithProviders(<HygieneQuiz />);
    for (const q of HYGIENE_QUESTIONS.slice(0, 4)) await choose(q.id, 'a');
    await userEvent.click(screen.getByRole('button', { name: 'Check my answers' }));
    const fifth = question(HYGIENE_QUESTIONS[4]!.id);
    expect(within(fifth).getByText('Please answer every question.')).toBeVisible();
    expect(within(fifth).getAllByRole('radio')[0]).toHaveFocus();
    expect(calls.filter((c) => c.url === QUIZ)).toHaveLength(0);
  });

  it('marks the wrong answers with their lesson, clears a mark when the answer changes, then passes', async () => {
    const wrong = HYGIENE_QUESTIONS.slice(0, 3).map((q) => q.id);
    const grades = [
      { score: 7, total: 10, passed: false, wrong, status: status(null) },
      { score: 10, total: 10, passed: true, wrong: [], status: status('2026-11-29T06:00:00.000Z') },
    ];
    const { calls } = mockApi({ [`POST ${QUIZ}`]: () => ({ status: 200, body: grades.shift() }) });
    renderWithProviders(<HygieneQuiz />);
    for (const q of HYGIENE_QUESTIONS) await choose(q.id, 'a');
    // Changed away and back: the answer shown is the one sent.
    await choose('hotFood', 'b');
    await choose('hotFood', 'a');
    await userEvent.click(screen.getByRole('button', { name: 'Check my answers' }));

    expect(await screen.findByTestId('hygiene-result')).toHaveTextContent(
      'You got 7 of 10 right. You need 8 to pass',
    );
    expect(calls.find((c) => c.url === QUIZ)!.body).toEqual({
      answers: Object.fromEntries(HYGIENE_QUESTIONS.map((q) => [q.id, 'a'])),
    });
    expect(within(question('washHands')).getByText(/see the lesson "Clean hands"/)).toBeVisible();
    // The wrong choice is shown as wrong, not in the colour of a choice.
    expect(within(question('washHands')).getAllByRole('radio')[0]!.closest('label')).toHaveClass(
      'choice--wrong',
    );
    expect(within(question('chilledFood')).queryByText(/Not right/)).toBeNull();
    await choose('washHands', 'b');
    expect(within(question('washHands')).queryByText(/Not right/)).toBeNull();
    expect(within(question('cutOnHand')).getByText(/Not right/)).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Check my answers' }));
    await waitFor(() =>
      expect(screen.getByTestId('hygiene-result')).toHaveTextContent(
        'You got 10 of 10 right: passed. You can pick up food until',
      ),
    );
    expect(screen.getByRole('link', { name: 'Find food to collect' })).toHaveAttribute(
      'href',
      '/donations',
    );
    expect(screen.queryByRole('button', { name: 'Check my answers' })).toBeNull();
    // Passed: the kept answers are forgotten.
    expect(sessionStorage.getItem('annasetu.hygieneAnswers')).toBeNull();
  });

  it('shows the way to the course above the feed until the pass holds', () => {
    const first = renderWithProviders(<HygieneBanner passedAt={null} />);
    expect(screen.getByTestId('hygiene-banner')).toHaveTextContent(
      'Before your first pickup, take the food hygiene course.',
    );
    expect(screen.getByRole('link', { name: 'Take the course' })).toHaveAttribute(
      'href',
      '/training',
    );
    first.unmount();
    const ended = renderWithProviders(<HygieneBanner passedAt="2024-01-01T00:00:00.000Z" />);
    expect(screen.getByTestId('hygiene-banner')).toHaveTextContent(
      'Your food hygiene pass has ended.',
    );
    ended.unmount();
    renderWithProviders(<HygieneBanner passedAt={new Date().toISOString()} />);
    expect(screen.queryByTestId('hygiene-banner')).toBeNull();
  });
});
