# Smista — the few human entry points. Both `dev` and `test` install what is missing first.
SHELL := /usr/bin/env bash
.DEFAULT_GOAL := help

.PHONY: help install build dev test bench clean

help:
	@echo "make dev    installa, compila e avvia tutto in locale (http://127.0.0.1:8080, posta su :8025) con la demo «Bottega Demo» (SMISTA_DEMO=0 per farne a meno)"
	@echo "make test   installa, compila ed esegue tutti i test; l'ultima riga è 'N passed, N failed'"
	@echo "make build  compila tutti i pacchetti (nx run-many -t build)"
	@echo "make bench  test di carico (scripts/bench.sh)"
	@echo "make clean  ferma l'infrastruttura locale e rimuove dist/, .data/, .tmp/"

install:
	@bash deploy/install.sh

# scripts/node-env.sh: the project's Node (.node-version) first on PATH, see deploy/install.sh.
build: install
	@source scripts/node-env.sh && npx nx run-many -t build --parallel=2 --outputStyle=static

dev: build
	@source scripts/node-env.sh && node deploy/local/dist/cli.js dev

test:
	@bash scripts/test.sh

bench: build
	@bash scripts/bench.sh

clean:
	@bash scripts/clean.sh
