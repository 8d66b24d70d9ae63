# postal — see README.md. Every target works on a fresh machine after .ci/run's installs.
GO       ?= go
FUZZTIME ?= 10s

.PHONY: build test test-integration bench fuzz check

build:
	$(GO) build -o bin/postal ./cmd/postal

# The race detector slows the long random-game tests down, so they play fewer
# games under -race (enginetest.RaceEnabled) and are run again in full without it.
test:
	$(GO) test -race -shuffle=on ./...
	$(GO) test -count=1 -run 'RandomGames' ./engine/...

# Against real mail servers: Dovecot from Debian (see .ci/run).
test-integration:
	$(GO) test -count=1 -tags integration -run Integration ./...

# Engines (random playouts in plies/s, fast path and through Legal; the
# bot's playouts/s), the site (full build of 10,000 games, one-move update),
# mail parsing; then moves by mail end to end against Dovecot.
bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...
	$(GO) test -tags integration -run '^$$' -bench Integration -benchtime 40x ./cmd/postal

# A short run of every fuzz target (go test -fuzz takes one target at a time).
fuzz:
	@set -e; for f in $$(grep -rl --include='*_test.go' '^func Fuzz' .); do \
		dir=$$(dirname $$f); \
		for t in $$(grep -o '^func Fuzz[A-Za-z0-9_]*' $$f | cut -d' ' -f2); do \
			echo "fuzz $$dir $$t"; \
			$(GO) test -run '^$$' -fuzz "^$$t$$" -fuzztime $(FUZZTIME) ./$$dir; \
		done; \
	done

check:
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || { gofmt -l $$(git ls-files '*.go'); echo "gofmt: the files above need formatting"; exit 1; }
	$(GO) vet ./...
	$(GO) run honnef.co/go/tools/cmd/staticcheck@v0.8.2 ./...
