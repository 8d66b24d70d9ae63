// Package allgames registers every game postal plays. Import it for its side
// effect where all games must be available (the CLI, the daemon, the site).
package allgames

import (
	// Games register themselves in init.
	_ "postal/engine/imperialshuffle"
)
