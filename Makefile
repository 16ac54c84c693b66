# Smista — the few human entry points. Both `dev` and `test` install what is missing first.
SHELL := /usr/bin/env bash
.DEFAULT_GOAL := help

.PHONY: help install build dev test bench clean

help:
	@echo "make dev    installa, compila e avvia tutto in locale (http://127.0.0.1:8080, posta su :8025)"
	@echo "make test   installa, compila ed esegue tutti i test; l'ultima riga è 'N passed, N failed'"
	@echo "make build  compila tutti i pacchetti (nx run-many -t build)"
	@echo "make bench  test di carico (scripts/bench.sh)"
	@echo "make clean  ferma l'infrastruttura locale e rimuove dist/, .data/, .tmp/"

install:
	@bash deploy/install.sh

build: install
	npx nx run-many -t build --parallel=2 --outputStyle=static

dev: build
	@node deploy/local/dist/cli.js dev

test:
	@bash scripts/test.sh

bench: build
	@if [[ -f scripts/bench.sh ]]; then bash scripts/bench.sh; else echo "scripts/bench.sh non c'è ancora"; exit 1; fi

clean:
	@bash scripts/clean.sh
