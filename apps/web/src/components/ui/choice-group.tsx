import { type KeyboardEvent, type ReactNode, useRef, useState } from 'react';

export type Choice<T extends string> = {
  value: T;
  content: ReactNode;
  /** The accessible name, when the content does not give it (an icon, a label hidden on narrow screens). */
  label?: string;
  /** Extra data attributes of the item (`data-*`). */
  data?: Record<`data-${string}`, string>;
};

const STEPS: Record<string, (index: number, last: number) => number> = {
  ArrowRight: (index, last) => (index === last ? 0 : index + 1),
  ArrowDown: (index, last) => (index === last ? 0 : index + 1),
  ArrowLeft: (index, last) => (index === 0 ? last : index - 1),
  ArrowUp: (index, last) => (index === 0 ? last : index - 1),
  Home: () => 0,
  End: (_index, last) => last,
};

/**
 * One choice among a few, always one chosen: a group of radio buttons with one tab stop (the chosen one, or the
 * last focused); arrows, Home and End move focus, Space, Enter or a click chooses. The semantics of Radix's
 * single ToggleGroup (items `role="radio"` with `aria-checked` and `data-state="on|off"`), which it replaces
 * for about 6 KB gzipped less in the first load (its roving-focus and collection machinery).
 */
export function ChoiceGroup<T extends string>({
  label,
  value,
  choices,
  onChange,
  className,
  itemClassName,
}: {
  label: string;
  value: T;
  choices: readonly Choice<T>[];
  onChange: (value: T) => void;
  className?: string;
  itemClassName?: string;
}) {
  const [lastFocused, setLastFocused] = useState<T | null>(null);
  const items = useRef(new Map<T, HTMLButtonElement>());
  const has = (candidate: T | null) => choices.some((choice) => choice.value === candidate);
  const tabStop = has(lastFocused) ? lastFocused : has(value) ? value : choices[0]?.value;

  function moveFocus(event: KeyboardEvent, index: number) {
    const step = STEPS[event.key];
    if (!step) return;
    event.preventDefault();
    const target = choices[step(index, choices.length - 1)];
    if (target) items.current.get(target.value)?.focus();
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset's min-content width and legend rules fight the toolbar's flex row; the role is the same.
    <div role="group" aria-label={label} className={className}>
      {choices.map((choice, index) => {
        const isOn = choice.value === value;
        return (
          // biome-ignore lint/a11y/useSemanticElements: a button keeps its content, Space and Enter; a native radio would choose on arrow keys.
          <button
            key={choice.value}
            ref={(element) => {
              if (element) items.current.set(choice.value, element);
              else items.current.delete(choice.value);
            }}
            type="button"
            role="radio"
            aria-checked={isOn}
            aria-label={choice.label}
            data-state={isOn ? 'on' : 'off'}
            tabIndex={choice.value === tabStop ? 0 : -1}
            onFocus={() => setLastFocused(choice.value)}
            onClick={() => onChange(choice.value)}
            onKeyDown={(event) => moveFocus(event, index)}
            className={itemClassName}
            {...choice.data}
          >
            {choice.content}
          </button>
        );
      })}
    </div>
  );
}
