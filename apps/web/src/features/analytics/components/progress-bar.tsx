import { useId } from 'react';
import { percent } from '../lib/figures';

interface ProgressBarProps {
  label: string;
  /** What the bar says in words, e.g. "12 of 25 kg". */
  valueText: string;
  /** 0..1 */
  progress: number;
  tone?: 'green' | 'saffron' | 'blue';
  testId?: string;
}

/** A labelled progress bar that screen readers read as its words, not only a percentage. */
export function ProgressBar({
  label,
  valueText,
  progress,
  tone = 'green',
  testId,
}: ProgressBarProps) {
  const id = useId();
  const value = percent(progress);
  return (
    <div className="meter" data-testid={testId}>
      <div className="meter__head">
        <span id={`${id}-label`} className="meter__label">
          {label}
        </span>
        <span className="meter__value">{valueText}</span>
      </div>
      <div
        className={`meter__track meter__track--${tone}`}
        role="progressbar"
        aria-labelledby={`${id}-label`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={valueText}
      >
        <span className="meter__fill" style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}
