-- The clocks (003) record each reminder sent in reminders_sent; the single
-- "reminded" deadline of 002 is no longer read or written.
ALTER TABLE games DROP COLUMN reminded;
