"""A random engine deal counted the way the detailed form asks (shared by the tests)."""

from pisti import Rules, new_deal
from pisti.cards import JACK
from pisti.state import NO_PISTI
from scoresheet.forms import DetailedDealForm


def play_and_count_captures(rules: Rules, rng):
    """Play a complete deal with random legal cards; return the finished state and, per
    side, the piştis and jack captures a scorer at the table would tick on the form."""
    state = new_deal(rules, rng=rng)
    counts = [dict.fromkeys(DetailedDealForm.CAPTURES, 0) for _ in range(rules.sides)]
    while not state.is_over:
        lone = state.pile[-1] if len(state.pile) == 1 else None
        empty = not state.pile
        last = state.remaining == 1
        card = rng.choice(state.legal_plays())
        event = state.play(card)
        side = counts[state.side_of(event.seat)]
        if not event.captured or (last and not rules.last_card_pisti):
            continue
        if card >> 2 == JACK and empty:
            side["jack_on_empty"] += 1
        elif card >> 2 == JACK and lone is not None and lone >> 2 == JACK:
            side["jack_on_jack"] += 1
        elif card >> 2 == JACK and lone is not None:
            side["jack_on_card"] += 1
        elif lone is not None and event.kind != NO_PISTI:
            side["pisti"] += 1
    return state, counts
