-- Trust (issue 15): a token or key proves a player only from one of the
-- player's addresses: the registered one or one added here and confirmed.

-- Addresses a player added with "address add". A row is pending while token
-- (the secret of the confirmation mail sent to the address) is set; a reply
-- from the address to that token confirms it: token NULL, confirmed set.
CREATE TABLE player_addresses (
	player_id INTEGER NOT NULL REFERENCES players(id),
	address   TEXT NOT NULL,                 -- lower case
	token     TEXT UNIQUE,                   -- the confirmation token; NULL once confirmed
	added     TEXT NOT NULL,
	confirmed TEXT NOT NULL DEFAULT '',      -- '' while pending
	PRIMARY KEY (player_id, address)
);
-- A confirmed address belongs to one player only.
CREATE UNIQUE INDEX player_addresses_confirmed ON player_addresses(address) WHERE confirmed != '';

-- A player's token or key that came from an address not the player's. The
-- player is told once per offending address and kind; later uses count.
CREATE TABLE proof_misuse (
	player_id INTEGER NOT NULL REFERENCES players(id),
	address   TEXT NOT NULL,                 -- the From address it came from, lower case
	kind      TEXT NOT NULL,                 -- token or key
	first     TEXT NOT NULL,
	last      TEXT NOT NULL,
	uses      INTEGER NOT NULL DEFAULT 1,
	PRIMARY KEY (player_id, address, kind)
);
