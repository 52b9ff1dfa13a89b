import type { AppointmentStatus, StaffRequestFilter } from '@atrium/graphql-client/staff';
import { useSearchParams } from '@atrium/navigation';
import { Button, Flex, VisuallyHidden } from '@atrium/ui';
import { Field, Input, NativeSelect } from '@atrium/ui/forms';
import { statusLabels } from './request-format';

const STATUSES = [
  'PENDING',
  'BOOKED',
  'COMPLETE',
  'NO_SHOW',
  'CANCELLED',
] as const satisfies readonly AppointmentStatus[];
const ANY = 'any';
/** The location choice of at-home visits. */
const HOME = 'home';

/**
 * The inbox's filter as the address keeps it (?status=&clinic=&date=&page=): pending requests by
 * default, the first page; a change of filter goes back to the first page.
 */
export interface RequestFilterValues {
  /** 'any' for every status. */
  status: AppointmentStatus | typeof ANY;
  /** A clinic's id, 'home' for at-home visits, or '' for every location. */
  clinicId: string;
  /** yyyy-MM-dd or ''. */
  date: string;
  /** The inbox's page, from 1. */
  page: number;
}

export function filterFromParams(params: URLSearchParams): RequestFilterValues {
  const status = params.get('status');
  const date = params.get('date') ?? '';
  return {
    status:
      status === ANY || STATUSES.includes(status as AppointmentStatus)
        ? (status as RequestFilterValues['status'])
        : 'PENDING',
    clinicId: /^(\d+|home)$/.test(params.get('clinic') ?? '') ? (params.get('clinic') ?? '') : '',
    date: /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : '',
    page: /^[1-9]\d{0,4}$/.test(params.get('page') ?? '') ? Number(params.get('page')) : 1,
  };
}

/** The API's filter for these values. */
export function apiFilter(values: RequestFilterValues): StaffRequestFilter {
  return {
    status: values.status === ANY ? null : values.status,
    clinicId: values.clinicId === HOME ? null : values.clinicId || null,
    atHome: values.clinicId === HOME,
    date: values.date || null,
  };
}

export function useRequestFilter() {
  const [params, setParams] = useSearchParams();
  const values = filterFromParams(params);
  const update = (next: Partial<RequestFilterValues>) => {
    const merged = { ...values, page: 1, ...next };
    const search = new URLSearchParams();
    if (merged.status !== 'PENDING') search.set('status', merged.status);
    if (merged.clinicId) search.set('clinic', merged.clinicId);
    if (merged.date) search.set('date', merged.date);
    if (merged.page > 1) search.set('page', String(merged.page));
    setParams(search, { replace: true });
  };
  return { values, update };
}

interface RequestFiltersProps {
  values: RequestFilterValues;
  clinics: readonly { id: string; name: string }[];
  /** Whether the marketplace offers at-home visits (a choice of its own). */
  atHome: boolean;
  onChange: (next: Partial<RequestFilterValues>) => void;
}

/** Status, location (a clinic or at-home visits) and date of the requests shown. */
export function RequestFilters({ values, clinics, atHome, onChange }: RequestFiltersProps) {
  const filtered = values.status !== 'PENDING' || values.clinicId !== '' || values.date !== '';
  return (
    <Flex as="fieldset" gap="3" wrap="wrap" align="end">
      <VisuallyHidden as="legend">Filter requests</VisuallyHidden>
      <Field.Root w={{ base: 'full', md: '12rem' }}>
        <Field.Label>Status</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            value={values.status}
            onChange={(event) => onChange({ status: event.target.value as RequestFilterValues['status'] })}
          >
            {STATUSES.map((status) => (
              <option key={status} value={status}>
                {statusLabels[status]}
              </option>
            ))}
            <option value={ANY}>Any status</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      {clinics.length + (atHome ? 1 : 0) > 1 && (
        <Field.Root w={{ base: 'full', md: '16rem' }}>
          <Field.Label>Clinic</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={values.clinicId}
              onChange={(event) => onChange({ clinicId: event.target.value })}
            >
              <option value="">All locations</option>
              {clinics.map((clinic) => (
                <option key={clinic.id} value={clinic.id}>
                  {clinic.name}
                </option>
              ))}
              {atHome && <option value={HOME}>At home</option>}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      )}
      <Field.Root w={{ base: 'full', md: '12rem' }}>
        <Field.Label>Date</Field.Label>
        <Input type="date" value={values.date} onChange={(event) => onChange({ date: event.target.value })} />
      </Field.Root>
      {filtered && (
        <Button variant="ghost" onClick={() => onChange({ status: 'PENDING', clinicId: '', date: '' })}>
          Show pending requests
        </Button>
      )}
    </Flex>
  );
}
