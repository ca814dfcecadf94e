import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  HYGIENE_OPTIONS,
  HYGIENE_PASS_MARK,
  HYGIENE_QUESTIONS,
  hygieneValidUntil,
  type HygieneOption,
} from '@annasetu/domain';
import { Button, ButtonLink } from '../../../components/ui/button';
import { isApiError } from '../../../lib/api-client';
import { translateCode } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { useFormat } from '../../../lib/use-format';
import { useTakeHygieneQuiz, type QuizGrade } from '../api/take-quiz';
import '../training.css';

type Answers = Partial<Record<string, HygieneOption>>;

// The answers given so far outlive the page: the back button (or a look at the lessons on
// another screen) and return bring them back. Forgotten once the quiz is passed.
const KEPT_ANSWERS = 'annasetu.hygieneAnswers';

function keptAnswers(): Answers {
  try {
    const kept = JSON.parse(sessionStorage.getItem(KEPT_ANSWERS) ?? '{}') as Answers;
    return Object.fromEntries(
      HYGIENE_QUESTIONS.flatMap((q) =>
        HYGIENE_OPTIONS.includes(kept[q.id] as HygieneOption) ? [[q.id, kept[q.id]]] : [],
      ),
    );
  } catch {
    return {};
  }
}

function keepAnswers(answers: Answers | null) {
  try {
    if (answers) sessionStorage.setItem(KEPT_ANSWERS, JSON.stringify(answers));
    else sessionStorage.removeItem(KEPT_ANSWERS);
  } catch {
    // Storage refused (private mode, full): the answers stay on this page only.
  }
}

/**
 * Ten questions, one answer each, graded by the server. Sent with a question left out, the
 * first one unanswered is named and takes the focus; graded, the wrong ones say which lesson to
 * read again, and an answer changed clears its mark.
 */
export function HygieneQuiz() {
  const { t } = useTranslation();
  const { date } = useFormat();
  const quiz = useTakeHygieneQuiz();
  const [answers, setAnswers] = useState<Answers>(keptAnswers);
  const [missing, setMissing] = useState<string | null>(null);
  const [grade, setGrade] = useState<QuizGrade | null>(null);
  const [wrong, setWrong] = useState<ReadonlySet<string>>(new Set());
  const resultRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  function choose(id: string, option: HygieneOption) {
    setAnswers((current) => {
      const next = { ...current, [id]: option };
      keepAnswers(next);
      return next;
    });
    if (missing === id) setMissing(null);
    if (wrong.has(id)) setWrong((current) => new Set([...current].filter((w) => w !== id)));
  }

  function focusQuestion(id: string) {
    formRef.current?.querySelector<HTMLInputElement>(`input[name="hygiene-${id}"]`)?.focus();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const unanswered = HYGIENE_QUESTIONS.find((q) => !answers[q.id]);
    if (unanswered) {
      setMissing(unanswered.id);
      focusQuestion(unanswered.id);
      return;
    }
    quiz.mutate(
      { answers: answers as Record<string, HygieneOption> },
      {
        onSuccess: (result) => {
          setGrade(result);
          setWrong(new Set(result.wrong));
          if (result.passed) keepAnswers(null);
          // The result is read first, above the questions.
          requestAnimationFrame(() => resultRef.current?.focus());
        },
        onError: (error) => {
          void toast.error(translateCode(t, isApiError(error) ? error.code : 'NETWORK_ERROR'));
        },
      },
    );
  }

  const until = grade?.status.passedAt ? hygieneValidUntil(grade.status.passedAt) : null;
  return (
    <section className="panel hygiene-quiz" aria-labelledby="hygiene-quiz-heading">
      <h2 id="hygiene-quiz-heading" className="section-heading">
        {t('hygiene.quiz.title')}
      </h2>
      <p className="field__hint">{t('hygiene.quiz.hint')}</p>
      <div ref={resultRef} tabIndex={-1} className="hygiene-quiz__result" aria-live="polite">
        {grade?.passed ? (
          <div className="alert alert--success" data-testid="hygiene-result">
            <p>
              {t('hygiene.quiz.passed', {
                score: grade.score,
                total: grade.total,
                until: until ? date(until, { dateStyle: 'medium' }) : '',
              })}
            </p>
            <ButtonLink size="sm" to="/donations">
              {t('hygiene.quiz.findFood')}
            </ButtonLink>
          </div>
        ) : grade ? (
          <div className="alert alert--error" data-testid="hygiene-result">
            <p>
              {t('hygiene.quiz.failed', {
                score: grade.score,
                total: grade.total,
                mark: HYGIENE_PASS_MARK,
              })}
            </p>
          </div>
        ) : null}
      </div>
      {grade?.passed ? null : (
        <form ref={formRef} noValidate onSubmit={submit}>
          <ol className="hygiene-quiz__questions">
            {HYGIENE_QUESTIONS.map((question, index) => {
              const errorId = `hygiene-${question.id}-error`;
              const problem =
                missing === question.id
                  ? t('errors.HYGIENE_ANSWER_MISSING')
                  : wrong.has(question.id)
                    ? t('hygiene.quiz.wrong', {
                        topic: t(`hygiene.topics.${question.topic}.title`),
                      })
                    : null;
              return (
                <li key={question.id}>
                  <fieldset
                    className="choice-group"
                    aria-describedby={problem ? errorId : undefined}
                    data-testid={`hygiene-question-${question.id}`}
                  >
                    <legend className="field__label">
                      <span className="sr-only">
                        {t('hygiene.quiz.question', {
                          number: index + 1,
                          total: HYGIENE_QUESTIONS.length,
                        })}
                        {': '}
                      </span>
                      {t(`hygiene.questions.${question.id}.q`)}
                    </legend>
                    <div className="choice-group__options">
                      {HYGIENE_OPTIONS.map((option) => (
                        <label
                          key={option}
                          className={
                            wrong.has(question.id) && answers[question.id] === option
                              ? 'choice choice--wrong'
                              : 'choice'
                          }
                        >
                          <input
                            type="radio"
                            name={`hygiene-${question.id}`}
                            value={option}
                            checked={answers[question.id] === option}
                            aria-invalid={problem ? true : undefined}
                            onChange={() => choose(question.id, option)}
                          />
                          <span className="choice__title">
                            {t(`hygiene.questions.${question.id}.${option}`)}
                          </span>
                        </label>
                      ))}
                    </div>
                    {problem ? (
                      <p id={errorId} className="field__error">
                        {problem}
                      </p>
                    ) : null}
                  </fieldset>
                </li>
              );
            })}
          </ol>
          <Button type="submit" loading={quiz.isPending}>
            {t('hygiene.quiz.submit')}
          </Button>
        </form>
      )}
    </section>
  );
}
