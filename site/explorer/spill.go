package explorer

import (
	"encoding/binary"
	"errors"
	"math"
)

// A replayed game written as bytes and read back ([Replayed.MarshalBinary],
// [Replayed.UnmarshalBinary]): a full build that builds once keeps the
// paths of its games on disk while it reads them, rather than in memory
// beside everything else it reads, and counts each book's when it writes
// that book.

// MarshalBinary writes rp as bytes, some 200 for a game of twelve moves.
func (rp *Replayed) MarshalBinary() ([]byte, error) {
	p := &rp.p
	b := binary.AppendVarint(nil, p.id)
	b = binary.AppendVarint(b, p.finished)
	b = append(b, byte(p.kind), byte(p.winner), byte(p.nplaces))
	for _, pl := range p.places {
		b = append(b, byte(pl))
	}
	for _, r := range p.ratings {
		b = binary.LittleEndian.AppendUint32(b, math.Float32bits(r))
	}
	b = binary.AppendUvarint(b, uint64(len(rp.moves)))
	for i, m := range rp.moves {
		b = append(b, byte(rp.players[i]))
		b = binary.AppendUvarint(b, uint64(len(m)))
		b = append(b, m...)
	}
	for _, k := range rp.keys {
		b = binary.LittleEndian.AppendUint64(b, k)
	}
	return b, nil
}

var errShort = errors.New("explorer: bytes that are no replayed game")

// UnmarshalBinary reads rp from the bytes MarshalBinary wrote.
func (rp *Replayed) UnmarshalBinary(data []byte) error {
	*rp = Replayed{}
	p := &rp.p
	var n int
	if p.id, n = binary.Varint(data); n <= 0 {
		return errShort
	}
	data = data[n:]
	if p.finished, n = binary.Varint(data); n <= 0 {
		return errShort
	}
	data = data[n:]
	if len(data) < 3+maxSeats+4*maxSeats {
		return errShort
	}
	p.kind, p.winner, p.nplaces = int8(data[0]), int8(data[1]), int8(data[2])
	if p.nplaces < 0 || p.nplaces > maxSeats {
		return errShort
	}
	data = data[3:]
	for s := range p.places {
		p.places[s] = int8(data[s])
	}
	data = data[maxSeats:]
	for s := range p.ratings {
		p.ratings[s] = math.Float32frombits(binary.LittleEndian.Uint32(data[4*s:]))
	}
	data = data[4*maxSeats:]
	moves, n := binary.Uvarint(data)
	if n <= 0 || moves > math.MaxInt8 {
		return errShort
	}
	data = data[n:]
	for range moves {
		if len(data) < 1 {
			return errShort
		}
		rp.players = append(rp.players, int8(data[0]))
		size, n := binary.Uvarint(data[1:])
		if n <= 0 || uint64(len(data)-1-n) < size {
			return errShort
		}
		rp.moves = append(rp.moves, string(data[1+n:1+n+int(size)]))
		data = data[1+n+int(size):]
	}
	if len(data) != 8*(int(moves)+1) {
		return errShort
	}
	for i := range int(moves) + 1 {
		rp.keys = append(rp.keys, binary.LittleEndian.Uint64(data[8*i:]))
	}
	return nil
}
