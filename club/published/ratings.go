package published

import "strconv"

// RatedName is the name of a rated player in the lists: the player's,
// with the level for the bot ("bot-2"). The site and the demo name them so
// too.
func RatedName(name string, level int) string {
	if level == 0 {
		return name
	}
	return name + "-" + strconv.Itoa(level)
}
