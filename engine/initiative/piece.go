package initiative

// Pieces, the bag, the pyramid die and the initiative stack (R1-R3, R6).

const (
	nColors = 5
	nSizes  = 3
	nKinds  = nColors * nSizes
)

const (
	colorLetters = "bgkyr"
	sizeLetters  = "SML"
)

var (
	colorNames = [nColors]string{"blue", "green", "black", "yellow", "red"}
	sizeNames  = [nSizes]string{"small", "medium", "large"}
)

// piece is a kind of pyramid: size*5 + color. Two pyramids of one kind are
// identical (R1).
type piece uint8

const noPiece piece = 255

func mkPiece(size, color int) piece { return piece(size*nColors + color) }

func (p piece) size() int  { return int(p) / nColors }
func (p piece) color() int { return int(p) % nColors }
func (p piece) pips() int  { return p.size() + 1 }

func (p piece) String() string {
	if p == noPiece {
		return "-"
	}
	return string(sizeLetters[p.size()]) + string(colorLetters[p.color()])
}

func (p piece) name() string { return sizeNames[p.size()] + " " + colorNames[p.color()] }

// bagCopies is how many pyramids of each kind the bag holds at the start
// (R1): one small of each colour (the other five smalls form the stack), two
// mediums and two larges.
func bagCopies(p piece) uint8 {
	if p.size() == 0 {
		return 1
	}
	return 2
}

// multiset counts pyramids by kind: the bag, an inventory.
type multiset [nKinds]uint8

func (m *multiset) total() int {
	n := 0
	for _, c := range m {
		n += int(c)
	}
	return n
}

func (m *multiset) ofSize(s int) int {
	n := 0
	for c := 0; c < nColors; c++ {
		n += int(m[mkPiece(s, c)])
	}
	return n
}

func (m *multiset) String() string {
	s := ""
	for k, c := range m {
		for i := uint8(0); i < c; i++ {
			s += piece(k).String()
		}
	}
	if s == "" {
		return "-"
	}
	return s
}

// list writes the pyramids separated by spaces, for people.
func (m *multiset) list() string {
	s := ""
	for k, c := range m {
		for i := uint8(0); i < c; i++ {
			if s != "" {
				s += " "
			}
			s += piece(k).String()
		}
	}
	if s == "" {
		return "(none)"
	}
	return s
}

// A die face shows one or two sizes (R3): S, M, L, S/M, S/L, M/L.
type face int8

var faceNames = [6]string{"S", "M", "L", "S/M", "S/L", "M/L"}
var faceSizes = [6][]int{{0}, {1}, {2}, {0, 1}, {0, 2}, {1, 2}}

func (f face) String() string { return faceNames[f] }
func (f face) double() bool   { return len(faceSizes[f]) == 2 }

// faceSizesLeft lists the sizes of face f that the bag still holds.
func faceSizesLeft(bag *multiset, f face) []int {
	var out []int
	for _, s := range faceSizes[f] {
		if bag.ofSize(s) > 0 {
			out = append(out, s)
		}
	}
	return out
}

// validFaces lists the faces that can be drawn from: a face with no size left
// is rolled again (R3), so the outcome is uniform over these.
func validFaces(bag *multiset) []face {
	var out []face
	for f := face(0); f < 6; f++ {
		if len(faceSizesLeft(bag, f)) > 0 {
			out = append(out, f)
		}
	}
	return out
}

// stack is the initiative stack: colours from top to bottom (R2).
type stack [nColors]uint8

func (s stack) String() string {
	b := make([]byte, nColors)
	for i, c := range s {
		b[i] = colorLetters[c]
	}
	return string(b)
}

// index is the place of colour c, 0 at the top.
func (s stack) index(c int) int {
	for i, x := range s {
		if int(x) == c {
			return i
		}
	}
	return -1
}

// move moves colour c by n places: n < 0 up, n > 0 down, stopping at the top
// or the bottom (R6).
func (s stack) move(c, n int) stack {
	i := s.index(c)
	j := min(max(i+n, 0), nColors-1)
	var out stack
	k := 0
	for _, x := range s {
		if int(x) == c {
			continue
		}
		if k == j {
			out[k] = uint8(c)
			k++
		}
		out[k] = x
		k++
	}
	if k == j {
		out[k] = uint8(c)
	}
	return out
}

// parseStack reads five distinct colour letters.
func parseStack(text string) (stack, bool) {
	var s stack
	if len(text) != nColors {
		return s, false
	}
	seen := 0
	for i := 0; i < nColors; i++ {
		c := colorIndex(text[i])
		if c < 0 || seen&(1<<c) != 0 {
			return s, false
		}
		seen |= 1 << c
		s[i] = uint8(c)
	}
	return s, true
}

func colorIndex(b byte) int {
	switch b {
	case 'b', 'B':
		return 0
	case 'g', 'G':
		return 1
	case 'k', 'K':
		return 2
	case 'y', 'Y':
		return 3
	case 'r', 'R':
		return 4
	}
	return -1
}

func sizeIndex(b byte) int {
	switch b {
	case 's', 'S':
		return 0
	case 'm', 'M':
		return 1
	case 'l', 'L':
		return 2
	}
	return -1
}

// parsePiece reads "Mb" (any case).
func parsePiece(t string) (piece, bool) {
	if len(t) != 2 {
		return noPiece, false
	}
	s, c := sizeIndex(t[0]), colorIndex(t[1])
	if s < 0 || c < 0 {
		return noPiece, false
	}
	return mkPiece(s, c), true
}

// permutations lists every order of the five colours, for the stack draw.
func permutations() []stack {
	var out []stack
	var rec func(cur []uint8, used int)
	rec = func(cur []uint8, used int) {
		if len(cur) == nColors {
			var s stack
			copy(s[:], cur)
			out = append(out, s)
			return
		}
		for c := 0; c < nColors; c++ {
			if used&(1<<c) == 0 {
				rec(append(cur, uint8(c)), used|1<<c)
			}
		}
	}
	rec(nil, 0)
	return out
}
