-- Revocation (issue 24): "key new" and "address remove" retire every reply
-- token of the player; a retired token is kept here so that a mail to it
-- gets a short answer instead of nothing, and acts on nothing.
CREATE TABLE retired_tokens (
	token     TEXT PRIMARY KEY,
	player_id INTEGER NOT NULL REFERENCES players(id),
	game_id   INTEGER,                       -- as in tokens: NULL for the account
	created   TEXT NOT NULL,
	retired   TEXT NOT NULL,
	why       TEXT NOT NULL                  -- "key new" or "address remove ADDRESS"
);
CREATE INDEX retired_tokens_player ON retired_tokens(player_id);

-- Where the personal key was last mailed: the answer to "key new" goes to
-- the address it came from, so removing that address must retire the key.
-- No row: the registered address (the welcome mail).
CREATE TABLE key_sent (
	player_id INTEGER PRIMARY KEY REFERENCES players(id),
	address   TEXT NOT NULL,                 -- lower case
	at        TEXT NOT NULL
);

-- The owner of a misused proof is told at most once a day per offending
-- address: told is when they last were ('' never). Rows of the old
-- once-ever rule were told when first seen.
ALTER TABLE proof_misuse ADD COLUMN told TEXT NOT NULL DEFAULT '';
UPDATE proof_misuse SET told = first;
