# postal — see README.md. Every target works on a fresh machine after .ci/run's installs.
GO       ?= go
FUZZTIME ?= 10s

.PHONY: build test test-long test-integration bench fuzz check generate check-generated

# bin/postal; or put postal on your PATH with: go install ./cmd/postal
build:
	$(GO) build -o bin/postal ./cmd/postal

# The daily run (the README's): every test of every package, shuffled, under
# the race detector; each long test (10,000 random games, deep perft, whole
# games by mail, the README's own commands) runs a quick version of itself.
#
# The detector watches all of postal's code, every package of it, and the
# standard library's goroutines and locks (runtime, sync, net, ...). NORACE
# are the packages compiled without its instrumentation, none of them
# postal's, each used by one goroutine at a time on memory its caller hands
# it: SQLite (modernc.org/sqlite and the libc, memory and mathutil under it:
# C transpiled to Go, each of whose connections database/sql hands to one
# goroutine at a time) and the PNG encoder of the boards in every mail
# (compress/..., image/..., golang.org/x/image/...: called and returned
# from). Instrumented, SQLite made every test that opens an archive about
# ten times slower (club alone took 700 s of the 2 cores) and the PNG
# encoder doubled the cost of the golden mails. The go command puts -race
# first among the compiler's flags and the per-package -race=false after
# it, which wins; a race between two of postal's goroutines around a query
# or a picture is still reported (both sides are postal's code, instrumented).
NORACE = modernc.org/... compress/... image/... golang.org/x/image/...
RACE   = -race $(foreach p,$(NORACE),-gcflags='$(p)=-race=false')
# cmd/postal, whose tests run one after the other for five minutes, starts
# at once in two go test processes of its own, cut by the first letter
# after "Test" (A to C, and its examples and fuzz targets, in CMD_1). The
# two packages of the longest tests, club and site, each run in three go
# test processes beside the other packages', so that both cores stay busy
# to the end (many of their tests wait on Chromium or on mail more
# than they compute, and overlap well): SPLIT_A, club's golden mails
# (built once per process, whose boards are hundreds of PNGs) and a few
# heavy tests, with every test whose name starts TestA (SPLIT_A1), in the
# one; every other test in the two others (-skip), cut by the first letter
# of its name after "Test": B to K (and the examples and fuzz targets) in
# SPLIT_B1, any other in the third. So a test named nowhere still runs,
# exactly once. LONG_ONLY, the heaviest tests of pages in Chromium that
# check what a reader sees (site's tour of the viewers and its explorer,
# axe over its pages, the ratings' pages; the golden mails as a webmail
# shows them, a rated Swiss's pages, a league's and a ladder's), skips
# here and runs in make test-long, in full (LONG_SITE, LONG_CLUB):
# Chromium waits and renders the same with or without the race detector,
# and their Go side (building the site and the mails, serving them) is
# raced by TestGolden, TestGoldenMails and the other tests of site and
# club; so do the arena's matches that only play games (LONG_CMD), whose
# searches the race detector slows tenfold (its parallel play stays here:
# TestArenaSameWhateverParallel, TestArenaTable). Each
# go test prints a package's output whole when it ends, so the six
# interleave by package (club and site say ok three times, once a part,
# cmd/postal twice); make fails when any of them does, after all six end.
# The other packages run in one go test, the engines' first (REST_FIRST,
# the longest, search and superial, at the head): go test runs two test
# binaries at a time in the order given and links each before it runs, so
# a long package started last would end alone. go list -export compiles
# every package first, once (six go commands at once would each compile
# what the cache lacks: SQLite six times on a fresh machine).
SPLIT     = ./club ./site
SPLIT_A   = TestGoldenMails|TestGoldenMailsReadWell|TestMailSizes|TestEveryGame|TestSeedSecretUntilEnd|TestMessagesPrivateByDefault|TestListedMovesArePlayed
SPLIT_A1  = TestA
SPLIT_B1  = Test[B-K]|Example|Fuzz
CMD_1     = Test[A-C]|Example|Fuzz
LONG_ONLY = TestBrowser|TestExplorerPage|TestExplorerSite|TestPagesAxe|TestRatingsPagesInBrowser|TestMailsInChromium|TestTournamentSiteInBrowser|TestLeagueAndLadderPagesInChromium|TestArenaBotBeatsRandomPlay|TestArenaFourSeats|TestArenaTableOfOneRuleset
REST_FIRST = ./engine/search ./engine/superial ./engine/...
test:
	@$(GO) list -export -test -deps $(RACE) ./... >/dev/null
	@$(GO) test $(RACE) -shuffle=on -timeout 20m -run '^($(CMD_1))' -skip '^($(LONG_ONLY))$$' ./cmd/postal & cmd1=$$!; \
	$(GO) test $(RACE) -shuffle=on -timeout 20m -skip '^($(CMD_1))|^($(LONG_ONLY))$$' ./cmd/postal & cmd=$$!; \
	$(GO) test $(RACE) -shuffle=on -timeout 20m $$($(GO) list $(REST_FIRST) ./... | grep -v -x -e postal/club -e postal/site -e postal/cmd/postal) & rest=$$!; \
	$(GO) test $(RACE) -shuffle=on -timeout 20m -run '^($(SPLIT_A))$$|^($(SPLIT_A1))' -skip '^($(LONG_ONLY))$$' $(SPLIT) & a=$$!; \
	$(GO) test $(RACE) -shuffle=on -timeout 20m -skip '^($(SPLIT_A)|$(LONG_ONLY))$$|^($(SPLIT_A1))' -run '^($(SPLIT_B1))' $(SPLIT) & b1=$$!; \
	$(GO) test $(RACE) -shuffle=on -timeout 20m -skip '^($(SPLIT_A)|$(LONG_ONLY))$$|^($(SPLIT_A1)|$(SPLIT_B1))' $(SPLIT); b2=$$?; \
	wait $$cmd1; cmd1=$$?; wait $$cmd; cmd=$$?; wait $$rest; rest=$$?; wait $$a; a=$$?; wait $$b1; b1=$$?; \
	test $$cmd1 -eq 0 -a $$cmd -eq 0 -a $$rest -eq 0 -a $$a -eq 0 -a $$b1 -eq 0 -a $$b2 -eq 0 || { \
		echo "make test: FAIL (go test exit codes: cmd/postal A-C $$cmd1, cmd/postal others $$cmd, the rest $$rest, $(SPLIT) heaviest and A $$a, $(SPLIT) others B-K $$b1, the others $$b2)"; exit 1; }

# The long tests in full (POSTAL_TEST_LONG=1: engine/enginetest/long), in
# the packages that have them (whose tests import that package), without
# -race, which would slow them tenfold. CI runs it after make test, which
# ran every test but LONG_ONLY: the engines' packages run whole (seconds),
# club, cmd/postal and site only their long tests, named here (the tests
# whose size long.Sized, long.Enabled or long.Raced sets: grep -n 'long\.'
# club/*_test.go cmd/postal/*_test.go; and LONG_ONLY, which run here only:
# site's TestBrowser tours at a phone's width in full, TestMailsInChromium
# runs axe on every mail); their other tests are the same either way.
LONG_PKGS = $(shell $(GO) list -f '{{.ImportPath}} {{join .TestImports " "}} {{join .XTestImports " "}}' ./... | grep ' postal/engine/enginetest/long' | cut -d' ' -f1 | grep -v -e '^postal/club$$' -e '^postal/cmd/postal$$' -e '^postal/site$$')
LONG_CLUB = TestMailsInChromium|TestTournamentSiteInBrowser|TestLeagueAndLadderPagesInChromium|TestEveryGame|TestListedMovesArePlayed|TestSeatsDrawOffer_Issue33|TestRatingsRecomputeGenerated|TestAMoveReadsOnlyItsOwnGame|TestHostileHeadersOnTheDaemonsPath
LONG_CMD  = TestDemoAutoplayFinishesEveryGame|TestREADME|TestArenaBotBeatsRandomPlay|TestArenaFourSeats|TestArenaTableOfOneRuleset
LONG_SITE = TestBrowser|TestExplorerPage|TestExplorerSite|TestPagesAxe|TestRatingsPagesInBrowser
test-long:
	@$(GO) list -export -test -deps ./... >/dev/null
	@export POSTAL_TEST_LONG=1; \
	$(GO) test -count=1 -timeout 30m $(LONG_PKGS) & engines=$$!; \
	$(GO) test -count=1 -timeout 30m -run '^($(LONG_CLUB))$$' ./club & club=$$!; \
	$(GO) test -count=1 -timeout 30m -run '^($(LONG_SITE))$$' ./site & site=$$!; \
	$(GO) test -count=1 -timeout 30m -run '^($(LONG_CMD))$$' ./cmd/postal; cmd=$$?; \
	wait $$engines; engines=$$?; wait $$club; club=$$?; wait $$site; site=$$?; \
	test $$engines -eq 0 -a $$club -eq 0 -a $$site -eq 0 -a $$cmd -eq 0

# Against real mail servers: Dovecot from Debian (see .ci/run).
test-integration:
	$(GO) test -count=1 -tags integration -parallel 3 -timeout 15m -run Integration ./...

# Engines first, on one core (GOMAXPROCS=1): random playouts in plies/s,
# fast path and through Legal; the floors of the fast path are
# Conflagration (order 5) 300k, Imperial Chess 100k, Superial classic 150k
# and vs-chess 80k, Initiative 200k, Imperial Shuffle 600k. Then the
# bot's playouts/s and move time, the site (each figure beside its
# bound: "postal site build" of generated SQLite archives of 11,000 and
# 110,000 games, a tenth in progress: wall and CPU time, peak RSS, disk,
# page sizes, first view; the update after one move at 1,100, 11,000 and
# 110,000 games; stepping through 400 plies in Chromium), the daemon serving that
# archive with moves by mail (BenchmarkDaemon: its full build, the
# mover's reply median and p95, the handling, the site's update after a
# move, RSS from /proc, a restart to its first reply; BenchmarkDaemonInProgress:
# the same with 100, 1,000 and 10,000 games in progress), mail parsing (and
# the worst hostile MIME of 1 MiB, BenchmarkParseHostile); then
# moves by mail end to end against Dovecot, and what hostile mail costs
# there (bytes out per byte in for forged strangers, and
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

# The rules engine for the site's pages, compiled to WebAssembly, and Go's
# loader for it: generated files, committed (templates/site/wasm), so that
# "go run ./cmd/postal" needs no build step. Run after changing the engines;
# "make check" fails while they are stale. The build is reproducible: no
# paths, no build id, no VCS stamp (the same Go version gives the same bytes).
# One module holds every game (site/wasm imports engine/allgames; pack lists
# their names in engine-games.txt): a game added there needs nothing here.
# Without inlining (-l) the engine is a tenth smaller gzipped, and fast
# enough for a reader's moves.
WASM_FLAGS = -trimpath -buildvcs=false -gcflags=all=-l -ldflags='-s -w -buildid='
WASM_DIR   = templates/site/wasm

# wasm-engine DIR builds the engine into DIR, with its .gz, .br and list.
define wasm-engine
	GOOS=js GOARCH=wasm $(GO) build $(WASM_FLAGS) -o $(1)/engine.wasm ./site/wasm
	$(GO) run ./site/wasm/pack $(1)/engine.wasm
	gzip -9 -n -f $(1)/engine.wasm
endef

generate:
	rm -f $(WASM_DIR)/engine*
	$(call wasm-engine,$(WASM_DIR))
	cp "$$($(GO) env GOROOT)/lib/wasm/wasm_exec.js" $(WASM_DIR)/wasm_exec.js
	@ls -l $(WASM_DIR)

check-generated:
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	$(MAKE) -s wasm-engine-into DIR="$$tmp" >/dev/null && \
	cp "$$($(GO) env GOROOT)/lib/wasm/wasm_exec.js" "$$tmp/" && \
	stale=0 && \
	for f in "$$tmp"/* $(WASM_DIR)/*; do \
		cmp -s "$$tmp/$${f##*/}" "$(WASM_DIR)/$${f##*/}" || stale=1; \
	done && \
	test $$stale = 0 || { echo "$(WASM_DIR) is stale: run make generate and commit it"; exit 1; }

.PHONY: wasm-engine-into
wasm-engine-into:
	$(call wasm-engine,$(DIR))

# gofmt, go vet, staticcheck, fresh generated files, and go.mod/go.sum as go
# mod tidy leaves them.
check: check-generated
	@$(GO) mod tidy -diff >/dev/null || { $(GO) mod tidy -diff; echo "go.mod/go.sum: run go mod tidy"; exit 1; }
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || { gofmt -l $$(git ls-files '*.go'); echo "gofmt: the files above need formatting"; exit 1; }
	$(GO) vet ./...
	$(GO) run honnef.co/go/tools/cmd/staticcheck@v0.8.2 ./...
