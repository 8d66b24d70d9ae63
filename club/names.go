package club

import (
	"fmt"

	"postal/notation"
)

// nameRefusal refuses a name a player or a tournament (what) may not take:
// the name of a page or folder of the club's site (issue 32), whose path
// its page would take. nil when the name may be taken.
func nameRefusal(name, what string) *userError {
	if !notation.Reserved(name) {
		return nil
	}
	return refuse(fmt.Sprintf("a %s cannot be called %s", what, name),
		fmt.Sprintf("%q is the name of a page or folder of the club's site. Choose another name.", name))
}
