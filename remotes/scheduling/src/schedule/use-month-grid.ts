import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { calendarMonths, dayAfterKey, monthGrid, monthOf } from './calendar-dates';

/** The last day the calendar offers: the end of the last listed month. */
function endOfLastMonth(firstOfLastMonth: string): string {
  const cells = monthGrid(firstOfLastMonth).filter((day): day is string => day !== null);
  return cells[cells.length - 1] ?? firstOfLastMonth;
}

/**
 * The month a date picker shows and the day that takes focus in its grid (the chosen one, else today
 * or the month's first): the arrow keys, Home, End, Page Up and Page Down move it, never to a past
 * day nor past the calendar's last month, and the grid's focus follows.
 */
export function useMonthGrid(value: string | null, today: string) {
  const months = calendarMonths(today);
  const [month, setMonth] = useState(monthOf(value ?? today));
  const [active, setActive] = useState(value ?? today);
  // Set by a key that moved the active day: only then does focus follow it (not on a month's change).
  const moved = useRef(false);
  const grid = useRef<HTMLDivElement>(null);
  const index = months.indexOf(month);
  const cells = monthGrid(month);
  const activeDay =
    cells.includes(active) && active >= today ? active : (cells.find((d) => d && d >= today) ?? null);

  useEffect(() => {
    if (!moved.current || !activeDay) return;
    moved.current = false;
    grid.current?.querySelector<HTMLButtonElement>(`[data-day="${activeDay}"]`)?.focus();
  }, [activeDay]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!activeDay) return;
    const next = dayAfterKey(activeDay, event.key);
    if (!next) return;
    event.preventDefault();
    let day = next;
    if (day < today) day = today;
    const lastDay = endOfLastMonth(months[months.length - 1] ?? month);
    if (day > lastDay) day = lastDay;
    moved.current = true;
    setActive(day);
    setMonth(monthOf(day));
  };

  const previousMonth = months[index - 1];
  const nextMonth = months[index + 1];
  return {
    month,
    weeks: Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7)),
    activeDay,
    grid,
    onKeyDown,
    setActive,
    previousMonth: index > 0 ? previousMonth : undefined,
    nextMonth: index < months.length - 1 ? nextMonth : undefined,
    showMonth: setMonth,
  };
}
