# Flipbook — two commands set up a fresh Debian machine: `make run` and `make test`.
# Both install what they need (Debian packages through apt-get) when pkg-config cannot find it.

SWIFT ?= swift
PKGS := libsdl2-dev libsdl2-ttf-dev libsdl2-image-dev zlib1g-dev libfreetype-dev libharfbuzz-dev libjpeg62-turbo-dev pkg-config
RELEASE_BIN := .build/release/flipbook
OUT ?= out
TOUR := countdown hello

.PHONY: run test report-browser-test doc-check examples bench bench-compare bench-solver deps deps-install build release clean tour window fuzz fuzz-ci soak docs

## run: the window with the scene menu when there is a display; otherwise a headless tour into out/.
run: deps
	@if [ -n "$$DISPLAY$$WAYLAND_DISPLAY" ]; then \
		$(SWIFT) build -c release --product flipbook && $(RELEASE_BIN); \
	else \
		echo "No DISPLAY or WAYLAND_DISPLAY: rendering a headless tour into $(OUT)/ instead of opening a window."; \
		$(MAKE) --no-print-directory tour; \
	fi

## tour: every scene rendered headless into out/SCENE/ with a contact sheet out/SCENE.png.
## Flipbook never overwrites a file, so the tour removes its own previous out/SCENE/ and out/SCENE.png first.
tour: deps
	@$(SWIFT) build -c release --product flipbook
	@mkdir -p $(OUT)
	@for s in $$($(RELEASE_BIN) list --names); do rm -rf "$(OUT)/$$s" "$(OUT)/$$s.png"; done
	@$(RELEASE_BIN) tour --out $(OUT)

## docs: the animated picture of every scene, docs/SCENE.png (APNG) or docs/SCENE.gif (GIF, where an APNG would be too big),
## from the arguments in docs/scripts/pictures.txt. Flipbook never overwrites a file, so the target
## removes its own previous pictures first. Look at them before committing.
docs: deps
	@$(SWIFT) build -c release --product flipbook
	@grep -v '^#' docs/scripts/pictures.txt | while read -r scene format every args; do \
		[ -n "$$scene" ] || continue; \
		case "$$format" in apng) file="docs/$$scene.png" ;; gif) file="docs/$$scene.gif" ;; \
			*) echo "docs/scripts/pictures.txt: $$scene: format must be apng or gif, not '$$format'"; exit 1 ;; esac; \
		rm -f "$$file"; \
		$(RELEASE_BIN) render "$$scene" $$args --every "$$every" --$$format "$$file" --quiet || exit 1; \
		echo "$$file: $$(( $$(wc -c < "$$file") / 1024 )) KB"; \
	done

## test: builds and runs every test target, the report page in a browser (report-browser-test), then
## the examples package (see examples); installs ffmpeg (the MP4 tests), Xvfb, xdotool and openbox
## (the window's lifetime tests) and chromium (the report page's test) when missing.
test: deps
	@# The MP4 recording tests pipe to ffmpeg and read back with ffprobe (optional for users, not for the tests).
	@command -v ffmpeg >/dev/null 2>&1 && command -v ffprobe >/dev/null 2>&1 || $(MAKE) --no-print-directory PKGS=ffmpeg deps-install
	@# The window's lifetime tests run a real window on an X server of their own (Xvfb), closed from
	@# outside with xdotool, with and without a window manager (openbox).
	@command -v Xvfb >/dev/null 2>&1 && command -v xdotool >/dev/null 2>&1 && command -v openbox >/dev/null 2>&1 || $(MAKE) --no-print-directory PKGS="xvfb xdotool openbox" deps-install
	@# The report page is tested in a real browser: Debian's chromium, headless.
	@command -v chromium >/dev/null 2>&1 || $(MAKE) --no-print-directory PKGS=chromium deps-install
	$(SWIFT) build --build-tests
	@# The log is kept (.build/test.log); after a failure scripts/test-failure-summary.py prints the
	@# tests still running, the failures and a crash's backtrace last, where a CI log's tail is.
	@echo "$(SWIFT) test"; { $(SWIFT) test 2>&1; echo $$? > .build/test-status; } | tee .build/test.log; \
		s=$$(cat .build/test-status); [ "$$s" = 0 ] || python3 scripts/test-failure-summary.py .build/test.log; exit $$s
	@$(MAKE) --no-print-directory report-browser-test
	@$(MAKE) --no-print-directory doc-check
	@$(MAKE) --no-print-directory examples

## report-browser-test: `render --report`'s page opened in headless Chromium (scripts/report-browser-test.py,
## over the DevTools protocol): it scrubs the player and checks the frame number, time and image the
## page shows, the contact sheet, and the plots' lines and animation marks against the trace. A few
## seconds; skipped with one line where chromium is missing. Uses the debug build `make test` made.
report-browser-test:
	python3 scripts/report-browser-test.py .build/debug/flipbook

## doc-check: every public declaration (and public enum case) of the modules users touch has a ///
## doc comment (scripts/doc-check.py lists the ones that do not), and every module's table of
## contents lists exactly its files (scripts/toc-check.py). The reference itself: README "Documentation".
DOC_MODULES := Flipbook Layers Views FrameLoop DevTools Render Window FlipbookTesting FlipbookPlayground LayoutSolver HTMLReport
doc-check:
	@command -v python3 >/dev/null 2>&1 || $(MAKE) --no-print-directory PKGS=python3 deps-install
	python3 scripts/doc-check.py $(addprefix Sources/,$(DOC_MODULES))
	python3 scripts/toc-check.py Sources

## examples: Examples/ is a separate package that uses Flipbook as a user's package does (by path,
## no @testable import of Flipbook); builds it in its own .build, renders its scenes headless with its
## own command line, checking the frames (Examples/check.sh), and runs its tests (FlipbookTesting).
## Then Examples/KitOnly, a package that uses only the library and the test kit: its test binary must
## link no SDL (the kit makes frames through FrameLoop, below SDL), and its tests run. Last, `watch`
## end to end on a package of its own (Examples/watch-e2e.sh: edits, a syntax error, a burst, Ctrl-C;
## its release build of Flipbook is kept in Examples/.build-watch-e2e).
examples: deps
	cd Examples && $(SWIFT) build --build-tests
	Examples/check.sh Examples/.build/debug/Examples
	cd Examples && $(SWIFT) test --skip-build
	cd Examples/KitOnly && $(SWIFT) build --build-tests
	@if ldd Examples/KitOnly/.build/debug/KitOnlyPackageTests.xctest | grep -i sdl; then \
		echo "examples: a package that uses only Flipbook and FlipbookTesting links SDL (above)" >&2; exit 1; fi
	cd Examples/KitOnly && $(SWIFT) test --skip-build
	Examples/watch-e2e.sh

## fuzz: the seeded random driver over scripts, paths and layer trees, FUZZ_SECONDS per target
## (default 60), in an optimized address-sanitizer build (its own scratch path), failing on a crash, a write
## outside memory or a case over 2 s of CPU time (30 s of wall time). FUZZ_SEED picks the cases (default 1).
FUZZ_SECONDS ?= 60
FUZZ_SEED ?= 1
fuzz: deps
	$(SWIFT) build -c release --sanitize=address --product flipbook-fuzz --scratch-path .build-fuzz
	.build-fuzz/release/flipbook-fuzz --seconds $(FUZZ_SECONDS) --seed $(FUZZ_SEED)

## fuzz-ci: what CI runs after `make test` (.ci/run): two seeds (1 and 2), 40 s per target each.
## Measured on the 2-core machine (RELIABILITY.md): the address-sanitizer release build from scratch
## is 3 min 11 s of CPU (at most ~3.5 min on two free cores) and the three targets × two seeds 4 min,
## ~7.5 min added to the 8–16 min of `make test`: CI stays under 30 min. Two seeds at 40 s reach
## different cases than one at 60 s (seed 2 found the outline over 16,384 points; seed 1 the shadow).
## A failure prints the seed and case to replay: .build-fuzz/release/flipbook-fuzz --seed S --from K.
fuzz-ci:
	@$(MAKE) --no-print-directory fuzz FUZZ_SECONDS=40 FUZZ_SEED=1
	.build-fuzz/release/flipbook-fuzz --seconds 40 --seed 2

## soak: every scene rendered headless for SOAK_SECONDS of virtual time (default 3600, an hour) with
## generated input (taps, drags, keys, a game pad), resident memory and open descriptors sampled five
## times a second; fails on a failed render or on growth after warm-up (bench/soak.sh says how much).
## SOAK_SCENES="a b" soaks only those scenes.
SOAK_SECONDS ?= 3600
soak: deps
	$(SWIFT) build -c release --product flipbook
	SOAK_SECONDS=$(SOAK_SECONDS) bench/soak.sh $(RELEASE_BIN)

## bench: frame-time figures in a release build (record them in BENCHMARKS.md). The layout solver
## has its own: make bench-solver.
bench: deps
	$(SWIFT) build -c release --product flipbook
	$(RELEASE_BIN) bench

## bench-compare: the raster reference frame against pycairo and Blend2D in the same run.
bench-compare: deps
	@pkg-config --exists cairo || $(MAKE) --no-print-directory PKGS=libcairo2-dev deps-install
	@test -d .venv-bench || python3 -m venv .venv-bench
	@.venv-bench/bin/pip install -q pycairo blend2d-python 2>/dev/null || .venv-bench/bin/pip install -q pycairo
	$(SWIFT) build -c release --product flipbook
	.venv-bench/bin/python3 bench/compare.py $(RELEASE_BIN)

## bench-solver: LayoutSolver against kiwisolver (PyPI) on the same 200-view screen in the same run:
## first solve and an edit-variable re-solve, medians and ratios (bench/solver_compare.py).
bench-solver:
	@test -d .venv-bench || python3 -m venv .venv-bench
	@.venv-bench/bin/pip install -q kiwisolver
	$(SWIFT) build -c release --product solver-bench
	.venv-bench/bin/python3 bench/solver_compare.py .build/release/solver-bench

## deps: installs the Debian packages when pkg-config cannot find SDL2 (the window, Host), zlib,
## FreeType, HarfBuzz or libjpeg (RasterIO), or SDL2_ttf and SDL2_image (RenderTests' references
## for text and image decoding); the optional encoders are not installed: libwebpmux3 for --webp,
## ffmpeg for --mp4; see README.
deps:
	@if pkg-config --exists sdl2 SDL2_ttf SDL2_image zlib freetype2 harfbuzz libjpeg 2>/dev/null; then \
		exit 0; \
	fi; \
	$(MAKE) --no-print-directory deps-install

## deps-install: apt-get install $(PKGS), running apt-get update only when the first try fails.
deps-install:
	@echo "Installing $(PKGS) with apt-get"; \
	if [ "$$(id -u)" != 0 ]; then \
		if command -v sudo >/dev/null 2>&1; then SUDO=sudo; else \
			echo "Not root and no sudo: run as root:  apt-get update && apt-get install -y $(PKGS)"; exit 1; fi; \
	fi; \
	if ! $$SUDO apt-get install -y --no-install-recommends $(PKGS); then \
		$$SUDO apt-get update && $$SUDO apt-get install -y --no-install-recommends $(PKGS); \
	fi

build: deps
	$(SWIFT) build

clean:
	rm -rf .build Examples/.build $(OUT)
