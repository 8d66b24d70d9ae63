package explorer

import (
	"encoding/json"
	"time"
)

// MaxLines bounds the lines a node's file lists: the most played, so that
// a file stays under 50 KB (a line is some 150 bytes) even where every
// game played its own move (a setup arrangement). The file says how many
// lines and games it leaves out.
const MaxLines = 250

// File is a node's file as the explorer's page reads it.
type File struct {
	Key       string     `json:"key"`
	Position  string     `json:"position"`
	Moves     []string   `json:"moves"`
	Games     int        `json:"games"`
	Recent    []int64    `json:"recent"`
	Lines     []FileLine `json:"lines"`
	More      int        `json:"more,omitempty"`      // lines left out, the least played
	MoreGames int        `json:"moreGames,omitempty"` // the games of those lines
}

// FileLine is a line of a node's file.
type FileLine struct {
	Move     string  `json:"move"`
	Player   int     `json:"player"`
	Next     string  `json:"next"`
	Games    int     `json:"games"`
	Wins     []int   `json:"wins"`
	Draws    int     `json:"draws"`
	Places   [][]int `json:"places"`
	Rating   float64 `json:"rating"`
	Last     int64   `json:"last"`
	LastDate string  `json:"lastDate"`
}

// MaxFileBytes bounds a node's file: lines are cut, the least played
// first, until it fits (a line of long moves, or of four seats' places,
// is longer than most).
const MaxFileBytes = 48_000

// FileOf is n as its file holds it, its first keep lines (MaxLines at
// most) and a count of those left out.
func FileOf(n *Node, keep int) File {
	f := File{Key: n.Key, Position: n.Position, Moves: n.Moves, Games: n.Games, Recent: n.Recent, Lines: []FileLine{}}
	if f.Recent == nil {
		f.Recent = []int64{}
	}
	for i, l := range n.Lines {
		if i >= min(keep, MaxLines) {
			f.More++
			f.MoreGames += l.Games
			continue
		}
		f.Lines = append(f.Lines, FileLine{Move: l.Move, Player: l.Player, Next: l.Next, Games: l.Games, Wins: l.Wins,
			Draws: l.Draws, Places: l.Places, Rating: float64(int(l.Rating + 0.5)), Last: l.Last,
			LastDate: date(l.LastFinished)})
	}
	return f
}

func date(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.DateOnly)
}

// Encode is the JSON of n's file, at most MaxFileBytes long, and the
// number of n's lines it holds.
func Encode(n *Node) ([]byte, int, error) {
	keep := min(len(n.Lines), MaxLines)
	for {
		data, err := json.Marshal(FileOf(n, keep))
		if err != nil || len(data) <= MaxFileBytes || keep == 0 {
			return data, keep, err
		}
		// Cut in proportion to the excess, and a tenth more.
		keep = min(keep-1, keep*MaxFileBytes/len(data)*9/10)
	}
}
