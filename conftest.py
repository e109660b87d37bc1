"""Test-wide set-up: compiled translations, and the rules content in the test database."""

from pathlib import Path

import polib
import pytest

ROOT = Path(__file__).resolve().parent


ENGINE_TESTS = ROOT / "tests" / "engine"


# pytest-django's fixtures that open the test database; a test without them and without the
# django_db mark is refused any database access, so nothing in it can differ between engines.
DATABASE_FIXTURES = {"db", "transactional_db", "django_db_reset_sequences", "live_server"}


def uses_the_database(item) -> bool:
    fixtures = set(getattr(item, "fixturenames", ()))
    return item.get_closest_marker("django_db") is not None or bool(fixtures & DATABASE_FIXTURES)


def pytest_collection_modifyitems(config, items):
    """The engine's tests, and every test that is refused the database (unless it runs a
    server of its own on the database ``DATABASE_URL`` names), are marked ``one_database``,
    so the PostgreSQL leg of CI (which exists to check database behaviour) leaves them to
    the SQLite leg."""
    for item in items:
        if item.get_closest_marker("every_database"):
            continue
        if ENGINE_TESTS in Path(str(item.fspath)).parents or not uses_the_database(item):
            item.add_marker(pytest.mark.one_database)


def pytest_sessionstart(session):
    """Compile the .po catalogues, so translated pages work from a fresh clone."""
    for po_path in ROOT.glob("locale/*/LC_MESSAGES/django.po"):
        polib.pofile(str(po_path)).save_as_mofile(str(po_path.with_suffix(".mo")))


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """Every test database starts with the full rules content, as ``make serve`` loads it."""
    from django.core.management import call_command

    with django_db_blocker.unblock():
        call_command("load_content", verbosity=0)


@pytest.fixture(autouse=True)
def _fresh_page_cache():
    """Cached pages must not leak from one test into the next."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


@pytest.fixture(autouse=True)
def _english_by_default():
    """A request in another language must not leave that language active for the next test."""
    from django.utils import translation

    translation.activate("en")
    yield
    translation.activate("en")
