-- Bounded storage and the budget for strangers (issue 24).
--
-- A message keeps its raw bytes only while they may serve (90 days by
-- default); then, and at once for mail too large, rate-limited or ignored,
-- it keeps its header block and the SHA-256 of its body. body_sha256 is set
-- exactly when raw holds the headers only; size is the message's size as
-- received (0 for rows older than this step).
ALTER TABLE messages ADD COLUMN body_sha256 TEXT;
ALTER TABLE messages ADD COLUMN size INTEGER NOT NULL DEFAULT 0;
-- The rows the pruner still has to look at, oldest first: it never scans
-- the table.
CREATE INDEX messages_raw_due ON messages(received) WHERE body_sha256 IS NULL AND raw IS NOT NULL;

-- A delivered mail's text and HTML are dropped after the same time; its
-- headers stay for the log.
ALTER TABLE outbox ADD COLUMN pruned INTEGER NOT NULL DEFAULT 0;
CREATE INDEX outbox_prune_due ON outbox(sent_at) WHERE sent_at IS NOT NULL AND pruned = 0;

-- Every reply to an address that proves nothing (a short reply, a welcome,
-- the answer to a mail too large): at most one short one per address a day,
-- and a club-wide cap an hour. Rows older than a day serve nothing and are
-- pruned.
CREATE TABLE stranger_replies (
	address TEXT NOT NULL,
	at      TEXT NOT NULL,
	kind    TEXT NOT NULL  -- short, welcome, refusal
);
CREATE INDEX stranger_replies_address ON stranger_replies(address, at);
CREATE INDEX stranger_replies_at ON stranger_replies(at);

-- Invitations mailed to addresses of no player ("challenge ADDRESS"): a
-- player's daily allowance, and no second invitation to an address that
-- never answered the first.
CREATE TABLE invitations (
	address   TEXT NOT NULL,
	player_id INTEGER NOT NULL REFERENCES players(id),
	at        TEXT NOT NULL
);
CREATE INDEX invitations_address ON invitations(address, at);
CREATE INDEX invitations_player ON invitations(player_id, at);
