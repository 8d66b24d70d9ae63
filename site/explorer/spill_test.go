package explorer

import (
	"bytes"
	"testing"
)

// FuzzReplayedBinary: bytes that read as a replayed game write back as
// bytes that read as the same game; any other bytes are an error, never a
// panic.
func FuzzReplayedBinary(f *testing.F) {
	for _, rp := range []*Replayed{
		{p: played{recent: recent{7, 1_700_000_000_000_000_000}, kind: 1, winner: 1, ratings: [maxSeats]float32{1500, 1612.5}},
			moves: []string{"G4xE4", "E7xD7"}, players: []int8{0, 1}, keys: []uint64{1, 2, 3}},
		{p: played{recent: recent{-3, 0}, kind: 2, winner: -1, nplaces: 3, places: [maxSeats]int8{1, 1, 3}},
			moves: []string{"He2-f4 ride Sd2"}, players: []int8{-1}, keys: []uint64{1 << 63, 0}},
		{keys: []uint64{42}},
	} {
		data, err := rp.MarshalBinary()
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var rp Replayed
		if rp.UnmarshalBinary(data) != nil {
			return
		}
		again, err := rp.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		var back Replayed
		if err := back.UnmarshalBinary(again); err != nil {
			t.Fatalf("%x, written again as %x: %v", data, again, err)
		}
		// Compared as bytes: a rating's NaN is no rating, but its bits stay.
		if third, _ := back.MarshalBinary(); !bytes.Equal(third, again) {
			t.Fatalf("%x reads as %+v, written again as %+v", data, rp, back)
		}
	})
}
