package notation

import "slices"

// Names the club's site gives its own pages and folders. A
// player or a tournament may not be called one of them: its page would
// take the path of another (a tournament called index had the path of the
// list of tournaments, tournaments/index.html). The site's tests check that
// every page and folder it writes at the top of the site or of a folder of
// players or tournaments is named here.
var reservedNames = []string{
	"assets", "downloads", "explorer", "feed", "games", "index", "players", "ratings",
	"rules", "search", "sitemap", "sitemaps", "tournaments", "types",
}

// Reserved reports whether name (lower case) is the name of a page or
// folder of the site.
func Reserved(name string) bool { return slices.Contains(reservedNames, name) }
