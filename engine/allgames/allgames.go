// Package allgames registers every game postal plays. Import it for its side
// effect where all games must be available (the CLI, the daemon, the site).
package allgames

import (
	// Games register themselves in init.
	_ "postal/engine/conflagration"
	_ "postal/engine/imperialchess"
	_ "postal/engine/imperialshuffle"
	_ "postal/engine/initiative"
	_ "postal/engine/superial"
)
