-- Budget by proof (issue 32). A From address proves nothing, so a player's
-- rate limit counts only the mail that proved its sender (a reply token, a
-- key, a DKIM signature postal checked, a trusted Authentication-Results);
-- mail that proves nothing is answered from the strangers' budget, whoever
-- its From names.
ALTER TABLE messages ADD COLUMN proven INTEGER NOT NULL DEFAULT 0;
CREATE INDEX messages_proven ON messages(from_addr, received) WHERE proven = 1;

-- "register NAME" from an address no player has is completed only by a reply
-- from that address to the mail postal sends it, whose reply address carries
-- token: until then the address is a stranger, and the name is held for a
-- day (the row's age), not taken. Once completed, the token is the new
-- player's account token. Rows older than a day serve nothing and are
-- pruned.
CREATE TABLE registrations (
	address TEXT PRIMARY KEY,   -- lower case
	name    TEXT NOT NULL,      -- lower case
	token   TEXT NOT NULL UNIQUE,
	at      TEXT NOT NULL
);
CREATE INDEX registrations_name ON registrations(name, at);
