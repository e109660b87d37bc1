"""Production settings pass Django's deployment checklist without a single warning."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run_manage(*args, **env):
    environment = {**os.environ, "DJANGO_SETTINGS_MODULE": "pisti_site.settings.prod", **env}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_check_deploy_is_clean():
    result = run_manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        SECRET_KEY="a-long-random-production-secret-" + "x" * 40,
        ALLOWED_HOSTS="pisti.example",
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "WARNING" not in result.stderr
    assert "no issues" in result.stdout


def test_prod_refuses_to_start_without_a_secret_key():
    env = {k: v for k, v in os.environ.items() if k != "SECRET_KEY"}
    result = subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=ROOT,
        env={**env, "DJANGO_SETTINGS_MODULE": "pisti_site.settings.prod"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode != 0
    assert "SECRET_KEY" in result.stderr


def test_whitenoise_right_after_security_middleware():
    from django.conf import settings

    assert settings.MIDDLEWARE[:2] == [
        "django.middleware.security.SecurityMiddleware",
        "whitenoise.middleware.WhiteNoiseMiddleware",
    ]


def test_admin_lists_every_area(admin_client, db):
    """Content is edited in the admin; games and sheets can be looked at there."""
    for path in (
        "/admin/rules/page/",
        "/admin/tutorial/lesson/",
        "/admin/practice/game/",
        "/admin/scoresheet/sheet/",
    ):
        assert admin_client.get(path).status_code == 200, path


def test_the_serve_command_shows_the_sites_own_pages_unless_debug_is_asked_for():
    """``make serve`` is the site as a player meets it: no debug pages (which list the URL
    patterns and settings) unless ``DEBUG=1`` is set."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    script = (
        "import django; django.setup(); from django.conf import settings; print(settings.DEBUG)"
    )

    def debug_with(**extra) -> str:
        env = {k: v for k, v in os.environ.items() if k != "DEBUG"}
        env.update(DJANGO_SETTINGS_MODULE="pisti_site.settings.dev", **extra)
        root = Path(__file__).resolve().parent.parent
        done = subprocess.run(
            [sys.executable, "-c", script], env=env, cwd=root, capture_output=True, text=True
        )
        return done.stdout.strip()

    assert debug_with() == "False"
    assert debug_with(DEBUG="1") == "True"
