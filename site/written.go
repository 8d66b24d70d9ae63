package site

import (
	"hash/maphash"
	"sync"
)

// written remembers a digest of each file the updates of one generation
// wrote, or found as they would have written it, so that the next update
// compares a page with its digest instead of reading the file back: a move
// rewrites some ten files, nearly all of them changed, and each read back
// was an open, a stat, reads and a close, a quarter of the system time of
// the site's update. A file it does not know is read back as before.
//
// What it knows holds while this process alone writes the generation: the
// Publisher forgets it all when the site is not the one it last wrote (another
// generation, or a cursor another process moved), and a file removed is
// forgotten. The digest is of 128 bits, from seeds new with each process.
type written struct {
	mu   sync.Mutex
	seed [2]maphash.Seed
	sums map[string]digest
}

type digest [2]uint64

// maxWritten bounds what written holds (some 100 bytes a file): when it is
// full it starts again, and the files it forgot are read back once more.
const maxWritten = 8192

func newWritten() *written {
	return &written{seed: [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}, sums: map[string]digest{}}
}

func (k *written) sum(data []byte) digest {
	return digest{maphash.Bytes(k.seed[0], data), maphash.Bytes(k.seed[1], data)}
}

// get returns the digest of what path holds, if known.
func (k *written) get(path string) (digest, bool) {
	k.mu.Lock()
	defer k.mu.Unlock()
	d, ok := k.sums[path]
	return d, ok
}

// put records that path holds the content of digest d.
func (k *written) put(path string, d digest) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if len(k.sums) >= maxWritten {
		clear(k.sums)
	}
	k.sums[path] = d
}

// forget drops path, which holds something else or nothing now.
func (k *written) forget(path string) {
	k.mu.Lock()
	defer k.mu.Unlock()
	delete(k.sums, path)
}

// forgetAll drops every file, as a folder of them is removed.
func (k *written) forgetAll() {
	k.mu.Lock()
	defer k.mu.Unlock()
	clear(k.sums)
}
