package accounts

import (
	"fmt"
	"strings"

	"postal/club/reply"
	"postal/notation"
)

// NameRefusal refuses a name a player or a tournament (what) may not take:
// the name of a page or folder of the club's site, whose path its page
// would take. nil when the name may be taken.
func NameRefusal(name, what string) *reply.Refusal {
	if !notation.Reserved(name) {
		return nil
	}
	return reply.Refuse(fmt.Sprintf("a %s cannot be called %s", what, name),
		fmt.Sprintf("%q is the name of a page or folder of the club's site. Choose another name.", name))
}

// PlayerNameRefusal refuses a name a new player may not take: besides the
// site's own names, one with anything but letters, digits, '-' and '_' (a
// '.' made "bob.html" a file name of the site's), and one that begins with
// "bot", or with bot, the name of the club's bot ("" when it has none),
// however written (bot-2, bot2, Bot_x would pass for the club's). Names
// taken before stay valid: only registration asks.
func PlayerNameRefusal(name, bot string) *reply.Refusal {
	if ue := NameRefusal(name, "player"); ue != nil {
		return ue
	}
	if strings.ContainsFunc(name, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '_')
	}) {
		return reply.Refuse(fmt.Sprintf("a player cannot be called %s", name),
			"A player's name is a letter, then letters, digits, '-' or '_' (no '.'). Choose another name.")
	}
	unpunct := strings.NewReplacer("-", "", "_", "")
	bare := unpunct.Replace(name)
	bots := []string{"bot"}
	if bot != "" {
		bots = append(bots, unpunct.Replace(bot))
	}
	for _, b := range bots {
		if strings.HasPrefix(bare, b) {
			return reply.Refuse(fmt.Sprintf("a player cannot be called %s", name),
				fmt.Sprintf("Names that begin with %q are kept for the club's bot, so that no one passes for it. Choose another name.", b))
		}
	}
	return nil
}
