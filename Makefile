# The whole set-up: `make demo` runs the product, `make test` runs the tests.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
# `make demo PORT=8080` serves on another port
PORT ?= 8000
# Links in emails point to the address the demo serves on (unless SITE_URL is set).
export SITE_URL ?= http://127.0.0.1:$(PORT)

.PHONY: install demo demo-reset test lint format bench run clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

demo: install
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py demo_data
	$(BIN)/python manage.py demo_ladder
	$(BIN)/python manage.py demo_rate
	@echo "Serving on http://127.0.0.1:$(PORT)/ (the round clock and the robots run in this one process)."
	$(BIN)/python manage.py runserver --noreload 127.0.0.1:$(PORT)

# Empties the demo database and loads the demo anew (the virtualenv stays); then `make demo`.
demo-reset: install
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py demo_data --reset

run: install
	$(BIN)/python manage.py runserver 127.0.0.1:$(PORT)

test: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/python manage.py makemigrations --check --dry-run --settings=config.settings.test >/dev/null
	$(BIN)/pytest

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: install
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

bench: install
	$(BIN)/python -m bench

clean:
	rm -rf $(VENV) db.sqlite3
