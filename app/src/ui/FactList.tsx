import type { HTMLAttributes, ReactNode } from 'react';

/** One row of a {@link FactList}: the label and its value. */
export type Fact = readonly [label: string, value: ReactNode];

/** Props of {@link FactList}: the rows, plus any attribute of the `<dl>` (a test id, say). */
export interface FactListProps extends Omit<HTMLAttributes<HTMLDListElement>, 'children'> {
  facts: readonly Fact[];
}

/**
 * Labelled facts as a description list (`<dl class="detail-fields">`, one `<div>` of `<dt>` and
 * `<dd>` per row, keyed by the label), as the plugin detail's facts (SPEC §3) and the
 * administrator's user info (SPEC §2) show them.
 *
 * @example
 * <FactList facts={[['Version', '1.2.0'], ['Author', 'Ada']]} />
 */
export function FactList({ facts, className, ...rest }: FactListProps) {
  return (
    <dl className={className ? `detail-fields ${className}` : 'detail-fields'} {...rest}>
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
