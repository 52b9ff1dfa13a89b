-- Promo codes the owner runs from the console: a minimum order (cents, the procedures' total before
-- any discount), a limit of uses per client, and a pause that makes checkout refuse the code like an
-- unknown one until it is resumed.
alter table promo_codes add column minimum_order_cents integer;
alter table promo_codes add constraint promo_codes_minimum_order_positive check (minimum_order_cents > 0);
alter table promo_codes add column per_client_limit integer;
alter table promo_codes add constraint promo_codes_per_client_limit_positive check (per_client_limit > 0);
alter table promo_codes add column paused_at timestamptz;

-- Packages and membership definitions once bought are retired, never deleted: no longer sold, while
-- what clients hold of them stays. A package's points may expire a number of days after purchase.
alter table packages add column retired_at timestamptz;
alter table packages add column validity_days integer;
alter table packages add constraint packages_validity_days_positive check (validity_days > 0);
alter table membership_definitions add column retired_at timestamptz;

-- A membership costs what it cost when bought: renewals and reactivations charge this, so a new
-- price of its definition applies to new members only.
alter table memberships add column price_cents integer;
update memberships
   set price_cents = membership_definitions.price_cents
  from membership_definitions
 where membership_definitions.id = memberships.membership_definition_id;
alter table memberships alter column price_cents set not null;
alter table memberships add constraint memberships_price_not_negative check (price_cents >= 0);

-- A membership written without its price (an operator's script) takes its definition's price of now.
create function membership_price_from_definition() returns trigger language plpgsql as $$
begin
  if new.price_cents is null then
    select price_cents into new.price_cents from membership_definitions where id = new.membership_definition_id;
  end if;
  return new;
end
$$;
create trigger memberships_price_snapshot before insert on memberships
  for each row execute function membership_price_from_definition();
