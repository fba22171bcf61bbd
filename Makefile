SHELL := /bin/bash
SWIFT ?= swift
STRICT := -Xswiftc -warnings-as-errors
# The package's own suites run about 870 tests at once; on a loaded machine a test can wait its
# turn longer than NapkinTesting's five-second default, which is a hang guard, not a speed check.
# Set NAPKIN_DEFAULT_TIMEOUT=5 to run them with the default users get.
export NAPKIN_DEFAULT_TIMEOUT ?= 30

.PHONY: build test main-executor-off client-release test-release lint format demo tsan sanitizer-client flake docs doc-coverage bench bench-debug clean mocks mocks-check api-check \
	apple-standins sweep-coverage templates-check

## build: compile every target with warnings as errors
build:
	$(SWIFT) build $(STRICT)

## test: build everything (warnings are errors), then run every Swift Testing and XCTest test
test:
	$(SWIFT) build --build-tests $(STRICT)
	$(SWIFT) test --skip-build

## main-executor-off: the explorations with NapkinTesting's main executor turned off, as on a
## runtime without the hook: the explorer waits on the main actor by passes and its report says so
main-executor-off:
	$(SWIFT) build --build-tests $(STRICT)
	NAPKIN_MAIN_EXECUTOR=off $(SWIFT) test --skip-build \
	  --filter "MainActorWatchReportTests|ExplorerThreadTests|RecentlyPlayed|InterleavingAwaits"

## test-release: the same suite in a release build (-enable-testing), where the optimizer inlines
## across modules and drops what looks like dead code (a hop to an actor with nothing to do there)
RELEASE_TESTS := --scratch-path .build/release-tests -Xswiftc -enable-testing
test-release:
	$(SWIFT) build -c release --build-tests $(STRICT) $(RELEASE_TESTS)
	$(SWIFT) test -c release --skip-build $(RELEASE_TESTS)

## mocks: regenerate the generated mocks with napkin-mocks, from each module's symbol graph
## (internal declarations included): the example's (RibHouse, DeepCutAtlas) and the fixture's
## (MocksFixture, every supported shape; NapkinAppFixture, a module written as a napkin 2.x app),
## then the links that compile them under MainActor
MOCKS_GRAPHS := $(CURDIR)/.build/mocks-graphs
MOCKS_GRAPH_FLAGS := --scratch-path .build/mocks-scratch -Xswiftc -emit-symbol-graph \
	-Xswiftc -emit-symbol-graph-dir -Xswiftc $(MOCKS_GRAPHS) \
	-Xswiftc -symbol-graph-minimum-access-level -Xswiftc internal
RIBHOUSE_MOCKED := AnnouncementsNapkinBuildable AnnouncementsNapkinListener \
	AnnouncementsNapkinRouting AuthServicing LaunchNapkinRouting LoggedInNapkinDependency \
	LoggedInNapkinListener LoggedInNapkinPresentable LoggedInNapkinRouting LoggedOutNapkinListener \
	LoggedOutNapkinPresentable PitBoardNapkinBuildable PitBoardNapkinListener \
	PitBoardNapkinPresentable PitBoardNapkinRouting PitServicing SpecialsServicing
# DeepCutAtlas's other mocks keep custom behaviour (paged results, a stored user): hand-written.
DEEPCUT_MOCKED := AuthManaging
MOCKS_RUNS := \
	"RibHouse RibHouseTests $(RIBHOUSE_MOCKED)" \
	"DeepCutAtlas DeepCutAtlasTests $(DEEPCUT_MOCKED)" \
	"MocksFixture MocksFixtureTests" \
	"NapkinAppFixture NapkinAppFixtureTests"
# Each run: the module, the test target that gets GeneratedMocks/, the protocols (all if none).
define generate_mocks
	mkdir -p $(MOCKS_GRAPHS)
	$(SWIFT) build --product napkin-mocks
	set -e; for run in $(MOCKS_RUNS); do \
	  set -- $$run; module=$$1; tests=$$2; shift 2; \
	  $(SWIFT) build --target $$module $(MOCKS_GRAPH_FLAGS); \
	  $(SWIFT) run --skip-build napkin-mocks --symbol-graph-dir $(MOCKS_GRAPHS) --module $$module \
	    --output Tests/$$tests/GeneratedMocks --regenerate "make mocks" \
	    $$(for protocol in "$$@"; do printf -- '--protocol %s ' $$protocol; done) $(1); \
	done
endef
# The MainActor targets compile the generated mocks through links: "<links dir> <mocks dir>".
MOCKS_LINKS := "GeneratedMocksMainActorTests RibHouseTests/GeneratedMocks" \
	"MocksFixtureMainActorTests MocksFixtureTests/GeneratedMocks" \
	"NapkinAppFixtureMainActorTests NapkinAppFixtureTests/GeneratedMocks"
mocks:
	$(call generate_mocks,)
	set -e; for pair in $(MOCKS_LINKS); do \
	  set -- $$pair; cd Tests/$$1; rm -f Mock*.swift; \
	  for file in ../$$2/Mock*.swift; do ln -s $$file .; done; cd ../..; \
	done

## mocks-check: fail with a diff when a checked-in generated mock is stale or not linked
mocks-check:
	$(call generate_mocks,--check)
	set -e; for pair in $(MOCKS_LINKS); do \
	  set -- $$pair; \
	  diff <(cd Tests/$$2 && ls Mock*.swift) <(cd Tests/$$1 && ls Mock*.swift) || \
	    (echo "Tests/$$1 lacks links to the generated mocks: run make mocks"; exit 1); \
	done

## api-check: fail if the public API of napkin or NapkinTesting breaks against the last release:
## its tag (.api-baseline's tag=), or its commit (commit=) in a clone without tags. A break made on
## purpose has its message in api-breakage-allowlist.txt and its entry under "Breaking" in
## CHANGELOG.md. Builds in .build/api-check; the baseline's API is cached in .build/api-baseline
## (per commit), so only the first run builds the release.
API_SCRATCH := .build/api-check
API_BASELINE_DIR := .build/api-baseline
API_PRODUCTS := napkin NapkinTesting
api-check:
	@set -e; \
	tag=$$(sed -n 's/^tag=//p' .api-baseline); commit=$$(sed -n 's/^commit=//p' .api-baseline); \
	if [ -z "$$tag" ] || [ -z "$$commit" ]; then \
	  echo "api-check: .api-baseline needs a tag=<version> line and a commit=<sha> line"; exit 1; \
	fi; \
	if git rev-parse -q --verify "refs/tags/$$tag" >/dev/null; then \
	  baseline=$$tag; tagged=$$(git rev-parse "refs/tags/$$tag^{commit}"); \
	  if [ "$$tagged" != "$$commit" ]; then \
	    echo "api-check: warning: tag $$tag is $$tagged, .api-baseline says $$commit; using the tag"; \
	  fi; \
	elif git cat-file -e "$$commit^{commit}" 2>/dev/null; then \
	  baseline=$$commit; echo "api-check: no tag $$tag in this clone; using its commit $$commit"; \
	else \
	  echo "api-check: the baseline is missing from this clone: no tag $$tag and no commit $$commit"; \
	  echo "  (.api-baseline). A shallow clone lacks them: run 'git fetch --unshallow --tags'"; \
	  echo "  (or 'git fetch origin tag $$tag'), then make api-check again."; \
	  exit 1; \
	fi; \
	if grep -n '^[[:space:]]*#' api-breakage-allowlist.txt; then \
	  echo "api-check: api-breakage-allowlist.txt goes through the C preprocessor, where a line"; \
	  echo "  starting with # makes the whole list unreadable (silently): comment with // instead"; \
	  exit 1; \
	fi; \
	echo "api-check: $(API_PRODUCTS) against $$baseline"; \
	$(SWIFT) package --scratch-path $(API_SCRATCH) diagnose-api-breaking-changes "$$baseline" \
	  --products $(API_PRODUCTS) --baseline-dir "$(CURDIR)/$(API_BASELINE_DIR)" \
	  --breakage-allowlist-path "$(CURDIR)/api-breakage-allowlist.txt"

## lint: check formatting with swift-format (strict)
lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Plugins Tests

## format: rewrite sources in place with swift-format
format:
	$(SWIFT) format format --in-place --recursive Package.swift Sources Plugins Tests

## demo: run the Rib House terminal demo
demo:
	$(SWIFT) run $(STRICT) ribhouse

## tsan: run every test under the thread sanitizer; any race fails it. No flag is needed: on Linux
## the package's Mutex (Sources/NapkinMutex) is a pthread mutex, which the sanitizer sees.
## A reported race makes the run exit 1; TSAN_OPTIONS=halt_on_error=1 stops at the first one.
## Tests run one at a time (each still races its own tasks): in parallel on two cores, sanitized
## tests waited seconds for a thread, near their 5 s timeouts; serial takes as long (about 20 s).
tsan:
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build/tsan $(STRICT)
	$(SWIFT) test --skip-build --sanitize=thread --scratch-path .build/tsan $(STRICT) --no-parallel

## sanitizer-client: a package that depends on napkin (Tests/Fixtures/SanitizerClient) runs its
## tests with a plain `swift test --sanitize=thread`, no -D flags, as a user's package does; any
## race reported in napkin or NapkinTesting fails it.
sanitizer-client:
	cd Tests/Fixtures/SanitizerClient && \
	  $(SWIFT) test --sanitize=thread --scratch-path ../../../.build/sanitizer-client

## client-release: the same client package's tests in a release build, as an app's test target
## builds napkin and NapkinTesting from a dependency (the explorer's main executor included)
client-release:
	cd Tests/Fixtures/SanitizerClient && \
	  $(SWIFT) test -c release --scratch-path ../../../.build/client-release

## apple-standins: compile napkin's and NapkinTesting's UIKit and AppKit code paths (warnings are
## errors) without an Apple SDK, against compile-only stand-ins (Tests/Fixtures/AppleStandIns):
## once with UIKit, once with AppKit only, each in its own scratch directory under .build/.
APPLE_STANDINS := Tests/Fixtures/AppleStandIns
apple-standins:
	set -e; for platform in UIKit AppKit; do \
	  (cd $(APPLE_STANDINS)/On$$platform && $(SWIFT) build $(STRICT) \
	    --scratch-path "$(CURDIR)/.build/apple-standins/$$platform"); \
	done

## templates-check: instantiate every Xcode template and variant (Templates/napkin) as Xcode does,
## into scratch packages under .build/templates-check; build them with warnings as errors under
## either default isolation (UIKit, AppKit and SwiftUI variants against the stand-ins), run the
## headless ones' tests, and type-check the plugins' Xcode extensions (scripts/templates-check.sh)
templates-check:
	scripts/templates-check.sh $(SWIFT)

## flake: run the whole suite N times (default 20) on one build; report how many runs failed.
## LOAD=K (default 0) keeps K CPU-bound background processes busy during the runs, so a test that
## needs a quiet machine shows up; they are always stopped at the end, also on Ctrl-C or kill.
N ?= 20
LOAD ?= 0
flake:
	scripts/flake.sh $(N) $(SWIFT) $(LOAD)

clean:
	rm -rf .build

## sweep-coverage: run the example's view-model sweeps alone (ViewModelSweepTests) with code
## coverage, in a build of their own, and print for each view model the regions no sweep reached;
## fails for any not listed with its reason in Tests/Fixtures/SweepCoverage/unreached.txt
SWEEP_SCRATCH := .build/sweep-coverage
SWEEP_SOURCES := $(addprefix Sources/DeepCutAtlas/,Library/RecentlyPlayedViewModel.swift \
	Library/LibraryArtistsViewModel.swift Library/PlaylistEditorViewModel.swift \
	Account/UserViewModel.swift Playback/NowPlayingViewModel.swift)
sweep-coverage:
	$(SWIFT) build --build-tests --enable-code-coverage --scratch-path $(SWEEP_SCRATCH) $(STRICT)
	$(SWIFT) test --skip-build --enable-code-coverage --scratch-path $(SWEEP_SCRATCH) \
	  --filter ViewModelSweepTests
	$(PYTHON) scripts/sweep-coverage.py $(SWEEP_SCRATCH) \
	  Tests/Fixtures/SweepCoverage/unreached.txt $(SWEEP_SOURCES)

## bench: the toolkit's hot paths against same-run baselines, medians, p90 and ratios (release
## build; Docs/Performance.md explains the figures). BENCH_ARGS passes options through.
bench:
	$(SWIFT) run -c release --scratch-path .build/release-bench $(STRICT) napkin-bench $(BENCH_ARGS)

## bench-debug: the same rows in a debug build, the build tests run in
bench-debug:
	$(SWIFT) run $(STRICT) napkin-bench $(BENCH_ARGS)

# Documentation: DocC catalogs in Docs/, symbol graphs from a build of their own.
DOCC ?= $(shell command -v docc 2>/dev/null || echo xcrun docc)
PYTHON ?= python3
DOCS_SCRATCH := .build/docs-scratch
DOCS_GRAPHS := $(CURDIR)/.build/symbol-graphs
DOCS_GRAPH_FLAGS := -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir \
	-Xswiftc $(DOCS_GRAPHS)/all -Xswiftc -emit-extension-block-symbols
DOC_MODULES := napkin NapkinTesting
DOC_COVERAGE_MODULES := napkin NapkinTesting RibHouse DeepCutAtlas NapkinMocksGenerator

## docs: build the napkin and NapkinTesting DocC archives into .build/docs (warnings are errors)
docs:
	mkdir -p $(DOCS_GRAPHS)/all .build/docs
	$(SWIFT) build --target NapkinTesting --scratch-path $(DOCS_SCRATCH) $(DOCS_GRAPH_FLAGS)
	$(PYTHON) scripts/docs.py split $(DOCS_GRAPHS)/all $(DOCS_GRAPHS) $(DOC_MODULES)
	$(PYTHON) scripts/docs.py snippets Docs/napkin.docc Tests/DocumentationTests
	$(PYTHON) scripts/docs.py snippets Docs/NapkinTesting.docc Tests/DocumentationTests
	$(PYTHON) scripts/docs.py snippets README.md Tests/DocumentationTests
	set -e; for module in $(DOC_MODULES); do \
	  $(PYTHON) scripts/docs.py topics $(DOCS_GRAPHS)/$$module Docs/$$module.docc/$$module.md; \
	  $(DOCC) convert Docs/$$module.docc --additional-symbol-graph-dir $(DOCS_GRAPHS)/$$module \
	    --warnings-as-errors --output-path .build/docs/$$module \
	    --fallback-display-name $$module --fallback-bundle-identifier $$module; \
	done

## doc-coverage: fail for any public declaration without a /// comment that starts with a summary
doc-coverage:
	mkdir -p $(DOCS_GRAPHS)/all
	set -e; for module in $(DOC_COVERAGE_MODULES); do \
	  if [ -d Sources/$$module ]; then \
	    $(SWIFT) build --target $$module --scratch-path $(DOCS_SCRATCH) $(DOCS_GRAPH_FLAGS); \
	  fi; \
	done
	$(PYTHON) scripts/check-doc-comments.py $(DOCS_GRAPHS)/all Sources $(DOC_COVERAGE_MODULES)
