import type { LocationType } from '@atrium/stores';
import { SegmentGroup } from '@atrium/ui/forms';

const labels: Record<LocationType, string> = { mobile: 'Mobile', clinic: 'In Clinic' };

/** Switches between Mobile (own address) and In Clinic (list of clinics). */
export function LocationToggle({
  value,
  onChange,
}: {
  value: LocationType;
  onChange: (type: LocationType) => void;
}) {
  return (
    <SegmentGroup.Root
      value={value}
      onValueChange={(details) => details.value && onChange(details.value as LocationType)}
      aria-label="Where would you like your treatment?"
      size="lg"
    >
      <SegmentGroup.Indicator />
      {(Object.keys(labels) as LocationType[]).map((type) => (
        <SegmentGroup.Item key={type} value={type}>
          <SegmentGroup.ItemText>{labels[type]}</SegmentGroup.ItemText>
          <SegmentGroup.ItemHiddenInput />
        </SegmentGroup.Item>
      ))}
    </SegmentGroup.Root>
  );
}
