package accounts

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
)

// HashKey is how a personal key is stored: never the key itself. A key is
// read as written in any case, with white space around it.
func HashKey(key string) string {
	sum := sha256.Sum256([]byte(strings.ToLower(strings.TrimSpace(key))))
	return hex.EncodeToString(sum[:])
}
