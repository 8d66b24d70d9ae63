-- Mail the operator dropped after a restore (postal outbox drop): it had
-- gone out before the damage. It is never sent, as a mail given up on, but
-- postal status counts it apart: "given up" read as a delivery failure
-- (s34, finding 7). The time it was dropped.
ALTER TABLE outbox ADD COLUMN dropped TEXT;
