import type { StaffCatalogue } from '@atrium/graphql-client/staff-catalogue';
import { Button, HStack, Stack, Text } from '@atrium/ui';
import { Fieldset, NativeSelect } from '@atrium/ui/forms';
import { moved } from './catalogue-parts';

type Link = { id: string; recommended: boolean };
type Choice = 'none' | 'all' | 'recommended';

const choiceOf = (links: Link[], id: string): Choice => {
  const link = links.find((candidate) => candidate.id === id);
  return link ? (link.recommended ? 'recommended' : 'all') : 'none';
};

/**
 * For a service, its add-ons (in the order clients see them); for an add-on, the services it goes
 * with. Each one is not offered, in 'All Add-ons', or also in 'Recommended Add-ons'.
 */
export function LinksField({
  kind,
  catalogue,
  selfId,
  links,
  onChange,
}: {
  kind: 'service' | 'addOn';
  catalogue: StaffCatalogue;
  selfId: string | null;
  links: Link[];
  onChange: (links: Link[]) => void;
}) {
  const candidates =
    kind === 'service' ? catalogue.addOns : catalogue.categories.flatMap((category) => category.services);
  const others = candidates.filter((candidate) => candidate.id !== selfId);
  const nameOf = new Map(others.map((candidate) => [candidate.id, candidate.name]));
  // Those linked first, in their order; then the others as the catalogue lists them.
  const ordered = [
    ...links.filter((link) => nameOf.has(link.id)).map((link) => link.id),
    ...others.map((candidate) => candidate.id).filter((id) => !links.some((link) => link.id === id)),
  ];
  const choose = (id: string, choice: Choice) => {
    if (choice === 'none') return onChange(links.filter((link) => link.id !== id));
    const recommended = choice === 'recommended';
    onChange(
      links.some((link) => link.id === id)
        ? links.map((link) => (link.id === id ? { id, recommended } : link))
        : [...links, { id, recommended }],
    );
  };
  const move = (id: string, by: -1 | 1) => {
    const order = moved(
      links.map((link) => link.id),
      id,
      by,
    );
    onChange(order.map((linkId) => links.find((link) => link.id === linkId) as Link));
  };

  return (
    <Fieldset.Root>
      <Fieldset.Legend>{kind === 'service' ? 'Add-ons' : 'Offered with'}</Fieldset.Legend>
      <Fieldset.HelperText>
        Recommended ones show under “Recommended Add-ons”; every offered one shows under “All Add-ons”.
      </Fieldset.HelperText>
      {others.length === 0 ? (
        <Text color="fg.muted" mt="2">
          {kind === 'service' ? 'No add-ons yet.' : 'No services yet.'}
        </Text>
      ) : (
        <Stack as="ul" listStyleType="none" gap="2" mt="2">
          {ordered.map((id) => {
            const name = nameOf.get(id) ?? '';
            const at = links.findIndex((link) => link.id === id);
            return (
              <Stack
                as="li"
                key={id}
                direction={{ base: 'column', md: 'row' }}
                gap="2"
                align={{ md: 'center' }}
              >
                <Text flex="1">{name}</Text>
                <NativeSelect.Root width={{ md: '14rem' }}>
                  <NativeSelect.Field
                    aria-label={`${name}: offered`}
                    value={choiceOf(links, id)}
                    onChange={(event) => choose(id, event.target.value as Choice)}
                  >
                    <option value="none">Not offered</option>
                    <option value="all">All Add-ons</option>
                    <option value="recommended">Recommended</option>
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
                {kind === 'service' && at >= 0 && (
                  <HStack gap="1">
                    <Button
                      size="xs"
                      variant="ghost"
                      disabled={at === 0}
                      aria-label={`Move ${name} up`}
                      onClick={() => move(id, -1)}
                    >
                      ↑
                    </Button>
                    <Button
                      size="xs"
                      variant="ghost"
                      disabled={at === links.length - 1}
                      aria-label={`Move ${name} down`}
                      onClick={() => move(id, 1)}
                    >
                      ↓
                    </Button>
                  </HStack>
                )}
              </Stack>
            );
          })}
        </Stack>
      )}
    </Fieldset.Root>
  );
}
