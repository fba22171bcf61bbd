SWIFT ?= swift
STRICT := -Xswiftc -warnings-as-errors

.PHONY: build test lint format demo tsan docs doc-coverage clean

## build: compile every target with warnings as errors
build:
	$(SWIFT) build $(STRICT)

## test: build everything (warnings are errors), then run every Swift Testing and XCTest test
test:
	$(SWIFT) build --build-tests $(STRICT)
	$(SWIFT) test --skip-build

## lint: check formatting with swift-format (strict)
lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests

## format: rewrite sources in place with swift-format
format:
	$(SWIFT) format format --in-place --recursive Package.swift Sources Tests

## demo: run the Rib House terminal demo
demo:
	$(SWIFT) run $(STRICT) ribhouse

## tsan: run every test under the thread sanitizer
tsan:
	$(SWIFT) test --sanitize=thread --scratch-path .build/tsan

clean:
	rm -rf .build
