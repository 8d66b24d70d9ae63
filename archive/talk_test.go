package archive

import (
	"reflect"
	"testing"
	"time"
)

// Conditional lines, messages, notes and settings (issue 26) read back as
// written: steps with seats (chance -1) and moves with spaces; a message
// said in a game changes its number for the site's readers; a setting
// never written has its default.
func TestTalkReadsBack(t *testing.T) {
	withPlayers(t, []string{"alice", "bob"}, func(tx *Tx, ids []int64, now time.Time) error {
		g := &Game{ID: 7, Game: "takeaway", Config: "standard", Players: ids, Status: GameActive, Result: "*", Position: "p", Created: now}
		if err := tx.AddGame(g); err != nil {
			return err
		}
		lines := []Condition{
			{Ply: 4, Steps: []Step{{0, "c2 revive a4"}, {-1, "throw c4 Wx"}, {1, "b1-b2"}}},
			{Ply: 4, Steps: []Step{{0, "e5"}, {1, "Nf3"}}},
		}
		if err := tx.SetConditions(7, ids[1], lines); err != nil {
			return err
		}
		got, err := tx.Conditions(7, ids[1])
		if err != nil {
			return err
		}
		lines[0].Seq, lines[1].Seq = 1, 2
		if !reflect.DeepEqual(got, lines) {
			t.Errorf("conditions %+v, want %+v", got, lines)
		}
		if who, err := tx.ConditionPlayers(7); err != nil || !reflect.DeepEqual(who, ids[1:]) {
			t.Errorf("players with conditions %v, %v", who, err)
		}
		if err := tx.SetConditions(7, ids[1], nil); err != nil {
			return err
		}
		if got, _ := tx.Conditions(7, ids[1]); len(got) != 0 {
			t.Errorf("cleared, yet %+v", got)
		}

		before, _ := tx.LastSeq()
		said := Said{GameID: 7, PlayerID: ids[0], Ply: 3, Kind: "say", Text: "good luck\nand have fun", At: now}
		if err := tx.AddTalk(said); err != nil {
			return err
		}
		if after, _ := tx.LastSeq(); after <= before {
			t.Errorf("a message left the game's change number at %d", after)
		}
		talk, err := tx.TalkOf([]int64{7, 8})
		if err != nil || !reflect.DeepEqual(talk[7], []Said{said}) || len(talk[8]) != 0 {
			t.Errorf("talk %+v, %v", talk, err)
		}

		if err := tx.SetNote(7, ids[0], "watch the f-file", now); err != nil {
			return err
		}
		if err := tx.SetNote(7, ids[0], "the knight", now); err != nil {
			return err
		}
		if n, err := tx.Note(7, ids[0]); err != nil || n != "the knight" {
			t.Errorf("note %q, %v", n, err)
		}
		if n, _ := tx.Note(7, ids[1]); n != "" {
			t.Errorf("bob's note %q", n)
		}
		tx.SetNote(7, ids[0], "", now)
		if n, _ := tx.Note(7, ids[0]); n != "" {
			t.Errorf("a removed note %q", n)
		}

		if v, err := tx.Setting(ids[0], "publish-messages", "on"); err != nil || v != "on" {
			t.Errorf("default setting %q, %v", v, err)
		}
		tx.SetSetting(ids[0], "publish-messages", "off")
		tx.SetSetting(ids[0], "publish-messages", "off")
		if v, _ := tx.Setting(ids[0], "publish-messages", "on"); v != "off" {
			t.Errorf("setting %q", v)
		}
		return nil
	})
}
