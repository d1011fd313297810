import { useEffect, useId, useState } from 'react';

/**
 * A labelled number input that commits on Enter, blur or the spinner: typing "2." on the way to "2.5"
 * never reaches the scene, and each commit is one undo step. Out-of-range values are refused in place.
 */
export function NumberField(props: {
  label: string;
  value: number;
  onCommit: (v: number) => void;
  min?: number;
  max?: number;
  step?: number;
  unit?: string;
  testId?: string;
}): React.JSX.Element {
  const { label, value, onCommit, min, max, step = 0.05, unit, testId } = props;
  const id = useId();
  const [text, setText] = useState(String(value));
  const [bad, setBad] = useState(false);
  useEffect(() => setText(String(value)), [value]);
  const commit = (t: string): void => {
    const v = Number(t);
    const ok =
      t.trim() !== '' &&
      Number.isFinite(v) &&
      (min === undefined || v >= min) &&
      (max === undefined || v <= max);
    setBad(!ok);
    if (ok && v !== value) onCommit(v);
  };
  return (
    <label className="field" htmlFor={id}>
      <span>{label}</span>
      <input
        id={id}
        data-testid={testId}
        type="number"
        inputMode="decimal"
        value={text}
        min={min}
        max={max}
        step={step}
        aria-invalid={bad}
        onChange={(e) => {
          setText(e.target.value);
          // Spinner clicks and arrow keys change by whole steps: commit those at once.
          if ((e.nativeEvent as InputEvent).inputType === undefined) commit(e.target.value);
        }}
        onBlur={(e) => commit(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit((e.target as HTMLInputElement).value);
        }}
      />
      {unit && <span className="unit">{unit}</span>}
      {bad && (
        <span className="error" role="alert">
          {min !== undefined && max !== undefined ? `${min}–${max}` : 'invalid'}
        </span>
      )}
    </label>
  );
}
