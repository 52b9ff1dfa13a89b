import { allowsDateMaskKey, FIRST_BIRTH_YEAR, maskDateInput } from '@atrium/domain';
import { Flex, Input, NativeSelect } from '@chakra-ui/react';

interface DateFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  mode?: 'birth' | 'appointment' | undefined;
  readOnly?: boolean | undefined;
  invalid?: boolean;
  describedBy?: string;
}

/**
 * Spec 5 date input: typed as MM/DD/YYYY through a mask that lets through digits, tab, backspace,
 * delete and arrows. Birth dates also offer a year selector from this year back to 1900.
 */
export function DateField({ id, value, onChange, mode, readOnly, invalid, describedBy }: DateFieldProps) {
  const thisYear = new Date().getFullYear();
  const years = Array.from({ length: thisYear - FIRST_BIRTH_YEAR + 1 }, (_, i) => String(thisYear - i));
  const [month = '', day = '', year = ''] = value.split('/');
  return (
    <Flex gap="2" w="full">
      <Input
        id={id}
        inputMode="numeric"
        placeholder="MM/DD/YYYY"
        autoComplete={mode === 'birth' ? 'bday' : 'off'}
        value={value}
        readOnly={readOnly}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onKeyDown={(event) => {
          if (event.ctrlKey || event.metaKey || event.altKey) return;
          if (event.key.length === 1 || !['Enter', 'Escape', 'Home', 'End'].includes(event.key)) {
            if (!allowsDateMaskKey(event.key)) event.preventDefault();
          }
        }}
        onChange={(event) => {
          // M/D/YYYY typed by hand (birth dates) is kept as typed; anything else is masked.
          const text = event.target.value;
          onChange(mode === 'birth' && /^\d{1,2}\/\d{1,2}\/\d{0,4}$/.test(text) ? text : maskDateInput(text));
        }}
      />
      {mode === 'birth' && !readOnly && (
        <NativeSelect.Root width="36" flexShrink={0}>
          <NativeSelect.Field
            aria-label="Birth year"
            value={years.includes(year) ? year : ''}
            onChange={(event) => onChange(`${month || 'MM'}/${day || 'DD'}/${event.target.value}`)}
          >
            <option value="">Year</option>
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      )}
    </Flex>
  );
}
