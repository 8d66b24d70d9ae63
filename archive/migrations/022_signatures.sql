-- Replayed signed mail (issue 32). A DKIM signature that proves a mail is
-- recorded by the SHA-256 of its b= value: the same signature again is the
-- same mail, whatever Message-ID or other unsigned headers it now has. Rows
-- older than the age past which a signature proves nothing serve no more and
-- are pruned.
CREATE TABLE dkim_signatures (
	digest     TEXT PRIMARY KEY,   -- hex SHA-256 of the b= value
	message_id TEXT NOT NULL,      -- the message it proved
	at         TEXT NOT NULL
);
CREATE INDEX dkim_signatures_at ON dkim_signatures(at);
