# postal — see README.md. Every target works on a fresh machine after .ci/run's installs.
GO       ?= go
FUZZTIME ?= 10s

.PHONY: build test test-long test-integration bench fuzz check

# bin/postal; or put postal on your PATH with: go install ./cmd/postal
build:
	$(GO) build -o bin/postal ./cmd/postal

# The daily run (the README's): every test, race detector on, shuffled; each
# long test (10,000 random games, deep perft, whole games by mail, the
# README's own commands) runs a quick version of itself.
test:
	$(GO) test -race -shuffle=on ./...

# The long tests in full (POSTAL_TEST_LONG=1: engine/enginetest/long), with
# every other test again; without -race, which would slow them tenfold.
# CI runs it after make test.
test-long:
	POSTAL_TEST_LONG=1 $(GO) test -count=1 -timeout 30m ./...

# Against real mail servers: Dovecot from Debian (see .ci/run).
test-integration:
	$(GO) test -count=1 -tags integration -run Integration ./...

# Engines (playouts/s), the site (full build of 10,000 games, one-move
# update), mail parsing; then moves by mail end to end against Dovecot.
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

# gofmt, go vet, staticcheck, and go.mod/go.sum as go mod tidy leaves them.
check:
	@$(GO) mod tidy -diff >/dev/null || { $(GO) mod tidy -diff; echo "go.mod/go.sum: run go mod tidy"; exit 1; }
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || { gofmt -l $$(git ls-files '*.go'); echo "gofmt: the files above need formatting"; exit 1; }
	$(GO) vet ./...
	$(GO) run honnef.co/go/tools/cmd/staticcheck@v0.8.2 ./...
