package engine

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"
)

// SeedCommitmentVersion names the formula of [SeedCommitment]; it is part of
// the hashed text, so a future formula can never produce the same value.
const SeedCommitmentVersion = "postal-seed-v1"

// SeedCommitment is the public commitment to the seed of game number game:
// the lower-case hex SHA-256 of the text
//
//	postal-seed-v1:GAME:SEED
//
// with GAME and SEED in decimal (no padding, no newline). A server publishes
// it when a game with chance starts and reveals the seed when the game ends;
// anyone can then recompute it (printf 'postal-seed-v1:17:123' | sha256sum)
// and check that every chance outcome is the one [ChanceSource] draws from
// the seed. The game number binds the commitment to one game, so a seed
// cannot be passed off as another game's.
func SeedCommitment(game int64, seed uint64) string {
	sum := sha256.Sum256([]byte(SeedCommitmentVersion + ":" + strconv.FormatInt(game, 10) + ":" + strconv.FormatUint(seed, 10)))
	return hex.EncodeToString(sum[:])
}
