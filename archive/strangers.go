package archive

import "time"

// The budget for strangers and the invitations: postal's answers
// to addresses that proved nothing, counted so that forged mail cannot turn
// the club into an amplifier.

// StrangerReplies counts the replies recorded to address since a time, of
// kind ("" for every kind).
func (t *Tx) StrangerReplies(address, kind string, since time.Time) (int, error) {
	var n int
	err := t.queryRow(`SELECT COUNT(*) FROM stranger_replies WHERE address = ? AND at >= ? AND (? = '' OR kind = ?)`, address, fmtTime(since), kind, kind).Scan(&n)
	return n, err
}

// AllStrangerReplies counts the replies of the kinds given to every address
// since a time.
func (t *Tx) AllStrangerReplies(since time.Time, kinds []string) (int, error) {
	var n int
	for _, kind := range kinds {
		var k int
		if err := t.queryRow(`SELECT COUNT(*) FROM stranger_replies WHERE at >= ? AND kind = ?`, fmtTime(since), kind).Scan(&k); err != nil {
			return 0, err
		}
		n += k
	}
	return n, nil
}

// AddStrangerReply records a reply of kind to address.
func (t *Tx) AddStrangerReply(address, kind string, at time.Time) error {
	_, err := t.exec(`INSERT INTO stranger_replies (address, at, kind) VALUES (?, ?, ?)`, address, fmtTime(at), kind)
	return err
}

// AddInvitation records that player invited address.
func (t *Tx) AddInvitation(address string, player int64, at time.Time) error {
	_, err := t.exec(`INSERT INTO invitations (address, player_id, at) VALUES (?, ?, ?)`, address, player, fmtTime(at))
	return err
}

// InvitationsBy counts the invitations player sent since a time.
func (t *Tx) InvitationsBy(player int64, since time.Time) (int, error) {
	var n int
	err := t.queryRow(`SELECT COUNT(*) FROM invitations WHERE player_id = ? AND at >= ?`, player, fmtTime(since)).Scan(&n)
	return n, err
}

// Unanswered reports whether address was invited and has written to the
// club neither since its latest invitation nor before it.
func (t *Tx) Unanswered(address string) (bool, error) {
	var n int
	err := t.queryRow(`SELECT COUNT(*) FROM invitations i WHERE i.address = ?
		AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.from_addr = i.address)`, address).Scan(&n)
	return n > 0, err
}
