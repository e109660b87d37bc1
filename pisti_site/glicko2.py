"""Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2 system", 2012): a rating, its
deviation (how unsure it is) and its volatility (how erratic the player is).

One module for every rating on the site: a puzzle and its solver rate each other after each
first answer (the solver "wins" by finding the card). Each update is one rating period
holding the games given, as the paper's example does; the test runs that example.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

SCALE = 173.7178  # Glicko-2's internal scale: (rating - 1500) / SCALE
DEFAULT_RATING = 1500.0
DEFAULT_DEVIATION = 350.0
DEFAULT_VOLATILITY = 0.06
PROVISIONAL_DEVIATION = 110.0  # above it a rating is provisional (lichess's bound)
TAU = 0.5  # how much the volatility may change in a period (the paper suggests 0.3-1.2)
EPSILON = 0.000001  # the volatility iteration's tolerance
LOWEST_DEVIATION = 45.0  # a rating never becomes so sure that it stops moving


@dataclass(frozen=True)
class Rating:
    rating: float = DEFAULT_RATING
    deviation: float = DEFAULT_DEVIATION
    volatility: float = DEFAULT_VOLATILITY

    @property
    def provisional(self) -> bool:
        """Still unsure (few games yet): shown with a "?", as lichess does, because it
        moves by 100 points and more a game until the deviation comes down."""
        return self.deviation > PROVISIONAL_DEVIATION

    def shown(self) -> str:
        """The rating as a page shows it: "1671", or "1671?" while provisional."""
        return f"{round(self.rating)}{'?' if self.provisional else ''}"

    def to_list(self) -> list[float]:
        return [round(self.rating, 2), round(self.deviation, 2), round(self.volatility, 6)]

    @classmethod
    def from_list(cls, values) -> Rating:
        """From :meth:`to_list` (a session's JSON); defaults for anything unreadable."""
        try:
            rating, deviation, volatility = (float(v) for v in values)
        except (TypeError, ValueError):
            return cls()
        if not (deviation > 0 and volatility > 0 and math.isfinite(rating)):
            return cls()
        return cls(rating, deviation, volatility)


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / math.pi**2)


def expected(player: Rating, opponent: Rating) -> float:
    """The player's expected score against the opponent (0 to 1)."""
    mu, mu_j = (player.rating - 1500) / SCALE, (opponent.rating - 1500) / SCALE
    return 1 / (1 + math.exp(-_g(opponent.deviation / SCALE) * (mu - mu_j)))


def update(player: Rating, games: list[tuple[Rating, float]], tau: float = TAU) -> Rating:
    """``player`` after one rating period of ``games`` (opponent, score: 1 won, 0 lost,
    0.5 drawn). With no games only the deviation grows (step 6 of the paper)."""
    mu, phi, sigma = (player.rating - 1500) / SCALE, player.deviation / SCALE, player.volatility
    if not games:
        return Rating(player.rating, SCALE * math.sqrt(phi * phi + sigma * sigma), sigma)
    variance_inverse, improvement = 0.0, 0.0
    for opponent, score in games:
        g = _g(opponent.deviation / SCALE)
        e = expected(player, opponent)
        variance_inverse += g * g * e * (1 - e)
        improvement += g * (score - e)
    v = 1 / variance_inverse
    delta = v * improvement
    sigma = _volatility(phi, sigma, v, delta, tau)
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    phi = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v)
    mu = mu + phi * phi * improvement
    return Rating(SCALE * mu + 1500, max(SCALE * phi, LOWEST_DEVIATION), sigma)


def _volatility(phi: float, sigma: float, v: float, delta: float, tau: float) -> float:
    """Step 5 of the paper: the new volatility by the Illinois algorithm."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2 * (phi * phi + v + ex) ** 2) - (
            x - a
        ) / (tau * tau)

    low = a
    if delta * delta > phi * phi + v:
        high = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        high = a - k * tau
    f_low, f_high = f(low), f(high)
    while abs(high - low) > EPSILON:
        middle = low + (low - high) * f_low / (f_high - f_low)
        f_middle = f(middle)
        if f_middle * f_high <= 0:
            low, f_low = high, f_high
        else:
            f_low /= 2
        high, f_high = middle, f_middle
    return math.exp(low / 2)
