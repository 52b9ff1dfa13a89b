import { formatCents } from '@atrium/domain';
import { Box, Button, CalendarIcon, Card, Flex, Grid, Heading, Separator, Stack, Text } from '@atrium/ui';
import { useEffect, useId, useState } from 'react';
import { DueNow } from '../confirm/summary-lines';
import type { RecappedRequest } from './last-request';
import { recapServices, recapWhen } from './request-recap';

/** A small muted heading over one part of the recap. */
function PartHeading({ children }: { children: string }) {
  return (
    <Heading as="h3" size="sm" color="fg.muted" fontWeight="normal" mb="1">
      {children}
    </Heading>
  );
}

/**
 * The calendar file's link for a request with a time. The iCalendar code (`ics` and its validator,
 * about 20 KB gzip) loads only here, not with the page.
 */
function useCalendarLink(request: RecappedRequest) {
  const [link, setLink] = useState<
    { status: 'loading' } | { status: 'ready'; href: string; filename: string } | { status: 'failed' }
  >({ status: 'loading' });
  useEffect(() => {
    if (!request.recap.start) return;
    let current = true;
    import('./request-calendar-file')
      .then((calendar) => {
        const file = calendar.requestCalendarFile(request, window.location.hostname);
        if (!file) throw new Error('No calendar file for a request without a time.');
        if (current) {
          setLink({
            status: 'ready',
            href: calendar.calendarFileHref(file),
            filename: calendar.REQUEST_CALENDAR_FILENAME,
          });
        }
      })
      .catch(() => {
        if (current) setLink({ status: 'failed' });
      });
    return () => {
      current = false;
    };
  }, [request]);
  return link;
}

/**
 * What the client just requested, as the API answered it: where, when (or the waitlist days), the
 * services with their durations, the total and what is due, and the requested time for their calendar.
 */
export function RequestRecapCard({ request }: { request: RecappedRequest }) {
  const headingId = useId();
  const { recap } = request;
  return (
    <Card.Root as="section" aria-labelledby={headingId}>
      <Card.Body gap="5">
        <Heading as="h2" size="md" id={headingId}>
          Your request
        </Heading>
        {/* minmax(0, …): a long address wraps instead of widening the page on a phone. */}
        <Grid templateColumns={{ base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }} gap="5">
          <RecapPlace recap={recap} />
          <RecapWhen recap={recap} />
        </Grid>
        <RecapServices recap={recap} />
        <Separator />
        <Stack gap="3">
          <Flex justify="space-between" fontWeight="bold" fontSize="lg">
            <Text>Total</Text>
            <Text data-testid="recap-total">{formatCents(recap.total)}</Text>
          </Flex>
          <DueNow dueCents={request.dueOnConfirmation} totalCents={recap.total} />
        </Stack>
        {recap.start ? (
          <CalendarAction request={request} />
        ) : (
          <Text color="fg.muted" fontSize="sm">
            There is no time to add to your calendar yet: {recap.marketplaceName} will let you know when one
            of your times is available.
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}

type Recap = RecappedRequest['recap'];

function RecapPlace({ recap }: { recap: Recap }) {
  return (
    <Box>
      <PartHeading>{recap.clinicName ? 'In Clinic' : 'Mobile Visit'}</PartHeading>
      {recap.clinicName && <Text fontWeight="semibold">{recap.clinicName}</Text>}
      <Text color={recap.clinicName ? 'fg.muted' : undefined} overflowWrap="anywhere">
        {recap.address}
      </Text>
    </Box>
  );
}

function RecapWhen({ recap }: { recap: Recap }) {
  const when = recapWhen(recap);
  return (
    <Box>
      <PartHeading>{when.kind === 'time' ? 'Date & time' : 'Your availability (waitlist)'}</PartHeading>
      {when.kind === 'time' ? (
        <>
          <Text fontWeight="semibold">{when.date}</Text>
          <Text>{when.time}</Text>
        </>
      ) : (
        <Stack gap="0.5">
          {when.days.map((day) => (
            <Text key={day.date}>
              <Text as="span" fontWeight="semibold">
                {day.date}
              </Text>
              : {day.times}
            </Text>
          ))}
        </Stack>
      )}
    </Box>
  );
}

function RecapServices({ recap }: { recap: Recap }) {
  return (
    <Box>
      <PartHeading>Services</PartHeading>
      <Stack as="ul" listStyleType="none" gap="2">
        {recapServices(recap.procedures).map((service) => (
          <Box as="li" key={service.id}>
            <Flex justify="space-between" gap="3" wrap="wrap">
              <Text fontWeight="semibold">{service.name}</Text>
              {service.duration && <Text color="fg.muted">{service.duration}</Text>}
            </Flex>
            {service.addOns.map((addOn) => (
              <Flex key={addOn.id} justify="space-between" gap="3" wrap="wrap" color="fg.muted" fontSize="sm">
                <Text>+ {addOn.name}</Text>
                {addOn.duration && <Text>{addOn.duration}</Text>}
              </Flex>
            ))}
          </Box>
        ))}
      </Stack>
    </Box>
  );
}

/** 'Add to calendar' for a request with a time, once its calendar file is ready. */
function CalendarAction({ request }: { request: RecappedRequest }) {
  const calendarLink = useCalendarLink(request);
  if (calendarLink.status === 'ready') {
    return (
      <Button asChild variant="outline" alignSelf={{ base: 'stretch', sm: 'start' }}>
        <a href={calendarLink.href} download={calendarLink.filename}>
          <CalendarIcon />
          Add to calendar
        </a>
      </Button>
    );
  }
  if (calendarLink.status === 'failed') {
    return (
      <Text color="fg.muted" fontSize="sm" role="status">
        The calendar file could not be prepared. Reload the page to try again.
      </Text>
    );
  }
  // The same button's place while the calendar code loads, so nothing moves when it comes.
  return (
    <Button variant="outline" alignSelf={{ base: 'stretch', sm: 'start' }} loading disabled>
      <CalendarIcon />
      Add to calendar
    </Button>
  );
}
