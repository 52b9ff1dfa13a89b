-- A Google or Apple sign-in the API started (startThirdPartySignIn) and that has not come back yet:
-- what the provider's answer is checked against (OAuth 2.0 Security BCP, RFC 9700; OpenID Connect).
-- Found by the SHA-256 of its `state`; bound to the browser that started it by the SHA-256 of a
-- random secret kept in that browser's HttpOnly cookie; valid 10 minutes; deleted when redeemed, so
-- it works once.
create table third_party_sign_ins (
  state_hash text primary key
    constraint third_party_sign_ins_state_hash_sha256 check (state_hash ~ '^[0-9a-f]{64}$'),
  browser_hash text not null
    constraint third_party_sign_ins_browser_hash_sha256 check (browser_hash ~ '^[0-9a-f]{64}$'),
  mg_id integer not null references marketplace_groups (id),
  provider text not null
    constraint third_party_sign_ins_provider_known check (provider in ('google', 'apple')),
  -- PKCE (RFC 7636, S256): the verifier goes to the token endpoint with the code.
  code_verifier text not null,
  -- The ID token must carry this nonce.
  nonce text not null,
  -- The redirect_uri of the authorization request; the code is redeemed with the same one.
  redirect_uri text not null,
  -- Where the browser goes after signing in: a path of the web app.
  return_path text not null
    constraint third_party_sign_ins_return_path_relative check (return_path ~ '^/([^/\\]|$)'),
  -- Apple sends the person's name once, on the first sign-in, beside the code (form_post).
  given_name text,
  family_name text,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  constraint third_party_sign_ins_expires_after_creation check (expires_at > created_at)
);

create index third_party_sign_ins_expires_at_idx on third_party_sign_ins (expires_at);
