-- A Message-ID claimed in advance (issue 32, finding F13 of the second
-- round). Anyone can send a mail with the Message-ID of a mail not yet
-- written: dedup by Message-ID alone then dropped the real mail as a
-- duplicate. Each message now records the digest of what its writer set
-- (From, To, Subject, Date, Message-ID, ... and the body: mailer.Inbound's
-- Digest). A mail is a duplicate only when its Message-ID and its digest
-- match a message handled; a mail whose Message-ID was taken by another
-- is recorded under "MESSAGE-ID DIGEST". Rows from before have no digest,
-- and their Message-ID alone counts, as it did.
ALTER TABLE messages ADD COLUMN digest TEXT;
