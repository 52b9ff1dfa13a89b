/** The labels of the due-now line: nothing is charged at booking, only when the marketplace confirms. */
export const DUE_LABELS = { today: 'Due today', onConfirmation: 'Due when confirmed' } as const;

/** Which label a due amount reads under (the confirm page's summary, the /success recap, the calendar file). */
export const dueLabel = (dueCents: number) => (dueCents > 0 ? DUE_LABELS.onConfirmation : DUE_LABELS.today);
