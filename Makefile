# postal — see README.md. Every target works on a fresh machine after .ci/run's installs.
GO       ?= go
FUZZTIME ?= 10s

.PHONY: build test test-long test-integration bench fuzz check generate check-generated

# bin/postal; or put postal on your PATH with: go install ./cmd/postal
build:
	$(GO) build -o bin/postal ./cmd/postal

# The daily run (the README's): every test, race detector on (but for
# club's, below), shuffled; each long test (10,000 random games, deep
# perft, whole games by mail, the README's own commands) runs a quick
# version of itself.
# club's logic runs in one goroutine but the bot's (botrun.go): its tests
# run without -race, the bot's (TestBot...) with it, beside the rest. Under
# -race the whole of club took 700 s of the 2 cores, most of it in SQLite,
# whose pure-Go code the detector slows tenfold, for no goroutine to watch.
CLUB_RACED = ^TestBot
test:
	@$(GO) test -race -shuffle=on -timeout 20m $$($(GO) list ./... | grep -v '^postal/club$$') & rest=$$!; \
	$(GO) test -race -shuffle=on -timeout 20m -run '$(CLUB_RACED)' ./club & raced=$$!; \
	$(GO) test -shuffle=on -timeout 20m ./club; club=$$?; \
	wait $$rest; rest=$$?; wait $$raced; raced=$$?; \
	test $$rest -eq 0 -a $$raced -eq 0 -a $$club -eq 0

# The long tests in full (POSTAL_TEST_LONG=1: engine/enginetest/long), in
# the packages that have them (whose tests import that package), without
# -race, which would slow them tenfold. CI runs it after make test, which
# ran every test: the engines' packages run whole (seconds), club and
# cmd/postal only their long tests, named here (the tests whose size
# long.Sized or long.Enabled sets: grep -n 'long\.' club/*_test.go
# cmd/postal/*_test.go); their other tests are the same either way.
LONG_PKGS = $(shell $(GO) list -f '{{.ImportPath}} {{join .TestImports " "}} {{join .XTestImports " "}}' ./... | grep ' postal/engine/enginetest/long' | cut -d' ' -f1 | grep -v -e '^postal/club$$' -e '^postal/cmd/postal$$')
LONG_CLUB = TestEveryGame|TestListedMovesArePlayed|TestSeatsDrawOffer_Issue33|TestRatingsRecomputeGenerated|TestAMoveReadsOnlyItsOwnGame
LONG_CMD  = TestDemoAutoplayFinishesEveryGame|TestREADME
test-long:
	@export POSTAL_TEST_LONG=1; \
	$(GO) test -count=1 -timeout 30m $(LONG_PKGS) & engines=$$!; \
	$(GO) test -count=1 -timeout 30m -run '^($(LONG_CLUB))$$' ./club & club=$$!; \
	$(GO) test -count=1 -timeout 30m -run '^($(LONG_CMD))$$' ./cmd/postal; cmd=$$?; \
	wait $$engines; engines=$$?; wait $$club; club=$$?; \
	test $$engines -eq 0 -a $$club -eq 0 -a $$cmd -eq 0

# Against real mail servers: Dovecot from Debian (see .ci/run).
test-integration:
	$(GO) test -count=1 -tags integration -parallel 3 -run Integration ./...

# Engines first, on one core (GOMAXPROCS=1): random playouts in plies/s,
# fast path and through Legal; the issue-19 floors of the fast path are
# Conflagration (order 5) 300k, Imperial Chess 100k, Superial classic 150k
# and vs-chess 80k, Initiative 200k, Imperial Shuffle 600k. Then the
# bot's playouts/s and move time, the site (issue 36, each figure beside its
# bound: "postal site build" of generated SQLite archives of 11,000 and
# 110,000 games, a tenth in progress: wall and CPU time, peak RSS, disk,
# page sizes, first view; the update after one move at 1,100, 11,000 and
# 110,000 games; stepping through 400 plies in Chromium), the daemon serving that
# archive with moves by mail (BenchmarkDaemon, issue 27: its full build, the
# mover's reply median and p95, the handling, the site's update after a
# move, RSS from /proc, a restart to its first reply; BenchmarkDaemonInProgress:
# the same with 100, 1,000 and 10,000 games in progress), mail parsing (and
# the worst hostile MIME of 1 MiB, BenchmarkParseHostile, issue 32); then
# moves by mail end to end against Dovecot, and what hostile mail costs
# there (issues 24 and 32: bytes out per byte in for forged strangers, and
# for 100 forged registrations and their 600 mails; the daemon's CPU for a
# mail of 20,000 nested parts). The reply path alone, in process
# (club's BenchmarkReplyPath: a move mail handled to its replies queued
# and read back, in an archive of 1,100 games; its CPU by move,
# cpu-ms/move, and the boards drawn by move; under two minutes alone:
# go test -run '^$$' -bench ReplyPath ./club). One package at a time, so the
# figures do not share the CPU; the archives are generated once into
# POSTAL_BENCH_DIR and shared (the 110,000 games take about ten minutes to
# generate, 2 GB), hence the timeout.
bench:
	@dir=$$(mktemp -d) && trap 'rm -rf "$$dir"' EXIT && export POSTAL_BENCH_DIR="$$dir" && \
	GOMAXPROCS=1 $(GO) test -p 1 -run '^$$' -bench RandomPlayout -benchmem ./engine/... && \
	$(GO) test -p 1 -timeout 3h -run '^$$' -bench . -skip RandomPlayout -benchmem ./... && \
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

# The rules engines for the site's pages, compiled to WebAssembly, and Go's
# loader for it: generated files, committed (templates/site/wasm), so that
# "go run ./cmd/postal" needs no build step. Run after changing the engines;
# "make check" fails while they are stale. The build is reproducible: no
# paths, no build id, no VCS stamp (the same Go version gives the same bytes).
# One engine per game (site/wasm built with the tag wasm_PACKAGE), so a page
# loads only its game's: GAME:PACKAGE. Without inlining (-l) the engines are
# a tenth smaller gzipped, and fast enough for a reader's moves.
WASM_FLAGS = -trimpath -buildvcs=false -gcflags=all=-l -ldflags='-s -w -buildid='
WASM_DIR   = templates/site/wasm
WASM_GAMES = conflagration:conflagration imperial-chess:imperialchess imperial-shuffle:imperialshuffle \
	initiative:initiative superial-chess:superial

# wasm-engines DIR builds every game's engine into DIR, with its .gz and .br.
define wasm-engines
	@set -e; for gp in $(WASM_GAMES); do g=$${gp%%:*}; p=$${gp#*:}; \
		GOOS=js GOARCH=wasm $(GO) build $(WASM_FLAGS) -tags wasm_$$p -o $(1)/engine-$$g.wasm ./site/wasm; \
	done
	$(GO) run ./site/wasm/pack $(1)/engine-*.wasm
	gzip -9 -n -f $(1)/engine-*.wasm
endef

generate:
	rm -f $(WASM_DIR)/engine*
	$(call wasm-engines,$(WASM_DIR))
	cp "$$($(GO) env GOROOT)/lib/wasm/wasm_exec.js" $(WASM_DIR)/wasm_exec.js
	@ls -l $(WASM_DIR)

check-generated:
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	$(MAKE) -s wasm-engines-into DIR="$$tmp" >/dev/null && \
	cp "$$($(GO) env GOROOT)/lib/wasm/wasm_exec.js" "$$tmp/" && \
	stale=0 && \
	for f in "$$tmp"/* $(WASM_DIR)/*; do \
		cmp -s "$$tmp/$${f##*/}" "$(WASM_DIR)/$${f##*/}" || stale=1; \
	done && \
	test $$stale = 0 || { echo "$(WASM_DIR) is stale: run make generate and commit it"; exit 1; }

.PHONY: wasm-engines-into
wasm-engines-into:
	$(call wasm-engines,$(DIR))

# gofmt, go vet, staticcheck, fresh generated files, and go.mod/go.sum as go
# mod tidy leaves them.
check: check-generated
	@$(GO) mod tidy -diff >/dev/null || { $(GO) mod tidy -diff; echo "go.mod/go.sum: run go mod tidy"; exit 1; }
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || { gofmt -l $$(git ls-files '*.go'); echo "gofmt: the files above need formatting"; exit 1; }
	$(GO) vet ./...
	$(GO) run honnef.co/go/tools/cmd/staticcheck@v0.8.2 ./...
