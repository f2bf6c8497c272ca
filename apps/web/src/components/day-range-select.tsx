import { useTranslation } from 'react-i18next';
import { Field } from '@/components/ui/field';
import { inputClasses } from '@/components/ui/input';

export interface DayRangeSelectProps {
  label: string;
  /** The number of days, one of `ranges`. */
  value: number;
  onChange: (days: number) => void;
  /** The choices, in days, shortest first. */
  ranges: readonly number[];
}

/** The period a report covers: "Last 7 days", "Last 30 days"… */
export function DayRangeSelect({ label, value, onChange, ranges }: DayRangeSelectProps) {
  const { t } = useTranslation();
  return (
    <Field label={label} className="w-44">
      {(control) => (
        <select {...control} className={inputClasses} value={value} onChange={(event) => onChange(Number(event.target.value))}>
          {ranges.map((days) => (
            <option key={days} value={days}>
              {t('common.lastDays', { count: days })}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
