import { Button } from '@atrium/ui';
import { useState } from 'react';
import { OutsideVisitDialog, type OutsideVisitDialogProps } from './outside-visit-dialog';
import { newVisit } from './outside-visit-form';
import type { ScheduleParams } from './use-schedule-params';

type AddOutsideVisitButtonProps = Omit<OutsideVisitDialogProps, 'initial' | 'onClose'> & {
  /** The schedule's day, place and practitioner: the new visit's to start with. */
  values: ScheduleParams;
};

/** Opens the dialog that holds a practitioner's time for a visit booked outside Atrium. */
export function AddOutsideVisitButton({ values, ...dialog }: AddOutsideVisitButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        Add a visit booked elsewhere
      </Button>
      {open && (
        <OutsideVisitDialog
          {...dialog}
          initial={newVisit(values.day, values.place, values.practitioner)}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
