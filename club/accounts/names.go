package accounts

import (
	"fmt"
	"strings"

	"postal/club/reply"
	"postal/notation"
)

// NameRefusal refuses a name a player or an event (what: tournament,
// league, ladder) may not take: the name of a page or folder of the club's
// site, whose path its page would take, and one with anything but letters,
// digits, '-' and '_': a '.' made "bob.html" a file name of the site's,
// and "sa1.html" the page tournaments/sa1.html.html. nil when the name may
// be taken.
func NameRefusal(name, what string) *reply.Refusal {
	if notation.Reserved(name) {
		return reply.Refuse(fmt.Sprintf("a %s cannot be called %s", what, name),
			fmt.Sprintf("%q is the name of a page or folder of the club's site. Choose another name.", name))
	}
	if strings.ContainsFunc(name, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '_')
	}) {
		return reply.Refuse(fmt.Sprintf("a %s cannot be called %s", what, name),
			fmt.Sprintf("A %s's name is a letter, then letters, digits, '-' or '_' (no '.'). Choose another name.", what))
	}
	return nil
}

// PlayerNameRefusal refuses a name a new player may not take: besides
// those NameRefusal refuses, one that begins with "bot", or with bot, the
// name of the club's bot ("" when it has none), however written: bot-2,
// bot2, Bot_x, and b0t or b-0-t with a digit that looks like a letter,
// would pass for the club's (lookAlike). Names taken before stay valid:
// only registration asks.
func PlayerNameRefusal(name, bot string) *reply.Refusal {
	if ue := NameRefusal(name, "player"); ue != nil {
		return ue
	}
	unpunct := strings.NewReplacer("-", "", "_", "")
	bare := lookAlike(name)
	bots := []string{"bot"}
	if bot != "" {
		bots = append(bots, unpunct.Replace(bot))
	}
	for _, b := range bots {
		if strings.HasPrefix(bare, lookAlike(b)) {
			return reply.Refuse(fmt.Sprintf("a player cannot be called %s", name),
				fmt.Sprintf("Names that begin with %q, or look like it, are kept for the club's bot, so that no one passes for it. Choose another name.", b))
		}
	}
	return nil
}

// lookAlike writes a name as it reads to the eye, so that names which
// look alike compare equal: without '-' and '_', with 0 as o, and 1, i
// and l as one letter (l).
var lookAlike = strings.NewReplacer("-", "", "_", "", "0", "o", "1", "l", "i", "l").Replace
