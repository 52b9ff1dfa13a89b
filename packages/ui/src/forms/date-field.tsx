import { allowsDateMaskKey, FIRST_BIRTH_YEAR, maskBirthDateInput, maskDateInput } from '@atrium/domain';
import { Flex, Input, NativeSelect } from '@chakra-ui/react';
import { type Ref, useState } from 'react';

interface DateFieldProps {
  /** Left out inside a Field.Root, whose own ids then tie the label and messages to the input. */
  id?: string;
  value: string;
  onChange: (value: string) => void;
  mode?: 'birth' | 'appointment' | undefined;
  readOnly?: boolean | undefined;
  invalid?: boolean;
  describedBy?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A year chosen before the month and day waits for them: once the month and the day are typed, it
 * becomes the date's year (the field never shows 'MM/DD/1985').
 */
function withWaitingYear(masked: string, waitingYear: string): string {
  const monthAndDay = /^(\d{1,2})\/(\d{2}|\d\/)$/.exec(masked);
  if (!waitingYear || !monthAndDay) return masked;
  return `${monthAndDay[1]}/${monthAndDay[2]?.replace('/', '')}/${waitingYear}`;
}

/**
 * Date input: typed as MM/DD/YYYY through a mask that lets through digits, tab, backspace,
 * delete and arrows. Birth dates, the one control checkout, profile and registration share, also
 * take M/D/YYYY (so a slash is let through too) and offer a year selector from this year back to 1900.
 */
export function DateField({
  id,
  value,
  onChange,
  mode,
  readOnly,
  invalid,
  describedBy,
  inputRef,
}: DateFieldProps) {
  const birth = mode === 'birth';
  const thisYear = new Date().getFullYear();
  const years = Array.from({ length: thisYear - FIRST_BIRTH_YEAR + 1 }, (_, i) => String(thisYear - i));
  const [month = '', day = '', year = ''] = value.split('/');
  const [waitingYear, setWaitingYear] = useState('');
  // Only props that are set, so a surrounding Field.Root's ids and state are not overridden.
  const given = {
    ...(id ? { id } : {}),
    ...(invalid ? { 'aria-invalid': true } : {}),
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(readOnly ? { readOnly } : {}),
  };
  return (
    <Flex gap="2" w="full" wrap="wrap">
      <Input
        {...given}
        ref={inputRef}
        flex="1"
        minW="8rem"
        inputMode="numeric"
        placeholder={`MM/DD/${waitingYear || 'YYYY'}`}
        autoComplete={birth ? 'bday' : 'off'}
        maxLength={10}
        value={value}
        onKeyDown={(event) => {
          if (event.ctrlKey || event.metaKey || event.altKey) return;
          if (birth && event.key === '/') return;
          if (event.key.length === 1 || !['Enter', 'Escape', 'Home', 'End'].includes(event.key)) {
            if (!allowsDateMaskKey(event.key)) event.preventDefault();
          }
        }}
        onChange={(event) => {
          const text = event.target.value;
          onChange(
            birth ? withWaitingYear(maskBirthDateInput(value, text), waitingYear) : maskDateInput(text),
          );
        }}
      />
      {birth && !readOnly && (
        <NativeSelect.Root width="6.5rem" flexShrink={0}>
          <NativeSelect.Field
            aria-label="Birth year"
            value={years.includes(year) ? year : waitingYear}
            onChange={(event) => {
              const chosen = event.target.value;
              if (month && day) onChange(`${month}/${day}/${chosen}`);
              else setWaitingYear(chosen);
            }}
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
