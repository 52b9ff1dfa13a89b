// The Setup checklist, computed from the tables that the console's sections write: what a marketplace
// still needs before clients can book it.
import { NEW_MARKETPLACE_COLOR } from '@atrium/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../kernel/database/database';
import { NotFoundError } from '../../kernel/errors';

export type SetupStepKey = 'BRANDING' | 'PLACE' | 'SERVICES' | 'TEAM' | 'PAYMENT_SETTINGS';
export type ConsoleSection = 'CATALOGUE' | 'TEAM' | 'SETTINGS' | 'OFFERS';

export interface SetupStepView {
  key: SetupStepKey;
  title: string;
  description: string;
  done: boolean;
  required: boolean;
  section: ConsoleSection;
}

export interface MarketplaceSetupView {
  marketplaceId: string;
  isLive: boolean;
  timeZone: string | null;
  plansAtHome: boolean;
  ready: boolean;
  steps: SetupStepView[];
}

interface SetupFacts extends Record<string, unknown> {
  is_live: boolean;
  time_zone: string | null;
  plans_at_home: boolean;
  branded: boolean;
  has_place: boolean;
  has_service: boolean;
  has_team: boolean;
  payment_reviewed: boolean;
}

/**
 * The facts of every step in one statement. A service counts when it is bookable on its own, not
 * archived and offered at a clinic or at home; a practitioner counts when they perform such a service
 * and have weekly hours where it is offered, so a client can book them.
 */
function factsQuery(marketplaceId: number) {
  return sql`
    with m as (select * from marketplaces where id = ${marketplaceId}),
    offered as (
      select p.id, pc.clinic_id
        from procedures p join procedure_clinics pc on pc.procedure_id = p.id
       where p.marketplace_id = ${marketplaceId} and not p.is_add_on and p.archived_at is null
      union all
      select p.id, null
        from procedures p, m
       where p.marketplace_id = ${marketplaceId} and not p.is_add_on and p.archived_at is null
         and p.offered_at_home and m.provides_at_home
    )
    select m.is_live,
           s.time_zone,
           (coalesce(s.plans_at_home, false) or m.provides_at_home) as plans_at_home,
           (m.logo is not null or upper(m.primary_color) <> upper(${NEW_MARKETPLACE_COLOR})) as branded,
           -- A marketplace provides at-home visits only with a service area (a constraint).
           (exists (select 1 from clinics c where c.marketplace_id = m.id) or m.provides_at_home) as has_place,
           exists (select 1 from offered) as has_service,
           exists (
             select 1
               from practitioners pr
               join practitioner_procedures pp on pp.practitioner_id = pr.id
               join offered o on o.id = pp.procedure_id
               join practitioner_working_hours h on h.practitioner_id = pr.id
                and h.organization_id is not distinct from o.clinic_id
              where pr.marketplace_id = m.id and pr.active
           ) as has_team,
           (s.payment_settings_reviewed_at is not null) as payment_reviewed
      from m left join marketplace_setups s on s.marketplace_id = m.id`;
}

/** The checklist of a marketplace; NOT_FOUND when there is none. */
export async function marketplaceSetup(db: Db, marketplaceId: number): Promise<MarketplaceSetupView> {
  const { rows } = (await db.execute(factsQuery(marketplaceId))) as unknown as { rows: SetupFacts[] };
  const [facts] = rows;
  if (!facts) throw new NotFoundError(`Marketplace ${marketplaceId} was not found.`);
  const steps = setupSteps(facts);
  return {
    marketplaceId: String(marketplaceId),
    isLive: facts.is_live,
    timeZone: facts.time_zone,
    plansAtHome: facts.plans_at_home,
    ready: steps.every((step) => step.done || !step.required),
    steps,
  };
}

function setupSteps(facts: SetupFacts): SetupStepView[] {
  return [
    {
      key: 'BRANDING',
      title: 'Branding',
      description: facts.branded
        ? 'Your logo or colour is set.'
        : 'Add your logo or choose your colour, so clients recognise you.',
      done: facts.branded,
      required: false,
      section: 'SETTINGS',
    },
    {
      key: 'PLACE',
      title: 'A place to book',
      description: facts.has_place
        ? 'Clients have a clinic or an at-home service area to book.'
        : facts.plans_at_home
          ? 'Add a clinic with its address, or the area where you visit clients at home.'
          : 'Add a clinic with its address and opening hours.',
      done: facts.has_place,
      required: true,
      section: 'SETTINGS',
    },
    {
      key: 'SERVICES',
      title: 'Services',
      description: facts.has_service
        ? 'At least one service is on your menu.'
        : 'Add a service with its price and duration, offered at a clinic or at home.',
      done: facts.has_service,
      required: true,
      section: 'CATALOGUE',
    },
    {
      key: 'TEAM',
      title: 'Team and hours',
      description: facts.has_team
        ? 'A practitioner performs a service and has weekly hours where it is offered.'
        : 'Add a practitioner who performs a service, with weekly hours where it is offered.',
      done: facts.has_team,
      required: true,
      section: 'TEAM',
    },
    {
      key: 'PAYMENT_SETTINGS',
      title: 'Payment settings',
      description: facts.payment_reviewed
        ? 'You reviewed how and when clients pay.'
        : 'Review how and when clients pay (deposit, policy), then mark them reviewed.',
      done: facts.payment_reviewed,
      required: true,
      section: 'SETTINGS',
    },
  ];
}
