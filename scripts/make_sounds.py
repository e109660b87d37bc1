"""Make the card table's sounds (static/sounds/): synthesised here, encoded with ffmpeg.

    python scripts/make_sounds.py            # writes static/sounds/*.ogg and *.mp3

Four short, soft sounds, made from nothing but arithmetic (no recordings, no downloads):

- ``play``: a card laid down that takes nothing, a tick of noise band-passed around 2 kHz
  with a quick decay, over a faint low tap (110 ms);
- ``capture``: the pile swept in, a lower noise swish whose band falls from 1.8 kHz to
  500 Hz, ending on a soft thump (200 ms);
- ``pisti``: two short bell-like tones a fourth apart, G5 then C6 (230 ms);
- ``jack-pisti``: three tones, G5 C6 E6 (240 ms).

The samples are the same on every run (a fixed noise seed). Each sound is written as
Ogg/Opus and as MP3 (for browsers without Opus); ffmpeg (``apt-get install ffmpeg``) is
needed only here, never when the site runs. The files are the project's own work, CC0
(static/sounds/LICENSE.md).
"""

from __future__ import annotations

import math
import random
import shutil
import struct
import subprocess
import sys
import tempfile
import wave
from pathlib import Path

RATE = 48_000  # Opus's own rate: no resampling
OUT = Path(__file__).resolve().parent.parent / "static" / "sounds"


def seconds(n: float) -> int:
    return int(round(n * RATE))


def noise(length: int, seed: int) -> list[float]:
    rng = random.Random(seed)
    return [rng.uniform(-1.0, 1.0) for _ in range(length)]


def band_pass(samples: list[float], centre, q: float) -> list[float]:
    """A biquad band-pass (RBJ cookbook, 0 dB peak); ``centre`` is Hz or a function of the
    sample index, for a band that moves."""
    out = []
    x1 = x2 = y1 = y2 = 0.0
    for i, x in enumerate(samples):
        f = centre(i) if callable(centre) else centre
        w = 2 * math.pi * f / RATE
        alpha = math.sin(w) / (2 * q)
        a0 = 1 + alpha
        b0, b2 = alpha / a0, -alpha / a0
        a1, a2 = -2 * math.cos(w) / a0, (1 - alpha) / a0
        y = b0 * x + b2 * x2 - a1 * y1 - a2 * y2
        x2, x1, y2, y1 = x1, x, y1, y
        out.append(y)
    return out


def low_pass(samples: list[float], cutoff: float) -> list[float]:
    """A one-pole low-pass: takes the hiss off the top of the noise."""
    k = 1 - math.exp(-2 * math.pi * cutoff / RATE)
    out, y = [], 0.0
    for x in samples:
        y += k * (x - y)
        out.append(y)
    return out


def envelope(length: int, attack: float, decay: float, delay: float = 0.0) -> list[float]:
    """A smooth rise over ``attack`` seconds, then an exponential fall (time constant
    ``decay``), starting ``delay`` seconds in."""
    env = []
    for i in range(length):
        t = i / RATE - delay
        if t < 0:
            env.append(0.0)
        elif t < attack:
            env.append(0.5 - 0.5 * math.cos(math.pi * t / attack))
        else:
            env.append(math.exp(-(t - attack) / decay))
    return env


def tone(length: int, freq: float, start: float, decay: float, level: float) -> list[float]:
    """A soft bell: the fundamental with a little of its second and third partials."""
    env = envelope(length, 0.004, decay, start)
    out = []
    for i, e in enumerate(env):
        t = i / RATE - start
        if e == 0.0:
            out.append(0.0)
            continue
        w = 2 * math.pi * freq * t
        # the upper partials die away faster than the fundamental, as on a struck bar
        s = math.sin(w) + 0.18 * math.exp(-t / 0.03) * math.sin(2 * w)
        s += 0.05 * math.exp(-t / 0.02) * math.sin(3 * w)
        out.append(level * e * s)
    return out


def thump(length: int, freq: float, start: float, decay: float, level: float) -> list[float]:
    env = envelope(length, 0.002, decay, start)
    return [
        level * e * math.sin(2 * math.pi * freq * (i / RATE - start)) for i, e in enumerate(env)
    ]


def mix(*tracks: list[float]) -> list[float]:
    return [sum(values) for values in zip(*tracks, strict=True)]


def finish(samples: list[float], peak_db: float, fade: float = 0.015) -> list[float]:
    """Scaled to ``peak_db`` below full scale, with a short fade to silence at the end."""
    top = max(abs(s) for s in samples) or 1.0
    gain = 10 ** (peak_db / 20) / top
    n = len(samples)
    fade_n = seconds(fade)
    out = []
    for i, s in enumerate(samples):
        g = gain
        if i >= n - fade_n:
            g *= 0.5 + 0.5 * math.cos(math.pi * (i - (n - fade_n)) / fade_n)
        out.append(s * g)
    return out


def play() -> list[float]:
    n = seconds(0.110)
    swish = low_pass(band_pass(noise(n, 1), 2000, 0.8), 5000)
    env = envelope(n, 0.002, 0.020)
    tick = [s * e for s, e in zip(swish, env, strict=True)]
    return finish(mix(tick, thump(n, 210, 0.0, 0.012, 0.35)), -11)


def capture() -> list[float]:
    n = seconds(0.200)
    # the band falls from 1.8 kHz to 500 Hz over the sound: a sweep towards the player
    band = band_pass(noise(n, 2), lambda i: 1800 * (500 / 1800) ** (i / n), 0.8)
    band = low_pass(band, 4000)
    env = envelope(n, 0.025, 0.055)
    swish = [s * e for s, e in zip(band, env, strict=True)]
    return finish(mix(swish, thump(n, 150, 0.120, 0.018, 0.15)), -11)


def pisti() -> list[float]:
    n = seconds(0.230)
    return finish(
        mix(tone(n, 783.99, 0.0, 0.055, 0.8), tone(n, 1046.50, 0.080, 0.065, 1.0)), -16, 0.030
    )


def jack_pisti() -> list[float]:
    n = seconds(0.240)
    return finish(
        mix(
            tone(n, 783.99, 0.0, 0.045, 0.7),
            tone(n, 1046.50, 0.055, 0.045, 0.85),
            tone(n, 1318.51, 0.110, 0.060, 1.0),
        ),
        -15,
        0.030,
    )


SOUNDS = {"play": play, "capture": capture, "pisti": pisti, "jack-pisti": jack_pisti}

# Bit-exact: no random Ogg stream serial, no encoder version in the tags, so a second run
# on the same ffmpeg gives the same bytes. The MP3 has no ID3 tag; its LAME header tells
# browsers the encoder delay and padding to trim (it matters on a 0.1 s sound).
EXACT = ["-fflags", "+bitexact", "-flags:a", "+bitexact", "-map_metadata", "-1"]
ENCODINGS = {
    "ogg": ["-c:a", "libopus", "-b:a", "32k", "-application", "audio"],
    "mp3": ["-c:a", "libmp3lame", "-b:a", "48k", "-id3v2_version", "0", "-write_id3v1", "0"],
}


def write_wav(path: Path, samples: list[float]) -> None:
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        frames = b"".join(
            struct.pack("<h", max(-32767, min(32767, round(s * 32767)))) for s in samples
        )
        out.writeframes(frames)


def main() -> int:
    ffmpeg = shutil.which("ffmpeg")
    if not ffmpeg:
        print("ffmpeg is needed to encode the sounds: apt-get install ffmpeg", file=sys.stderr)
        return 1
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for name, make in SOUNDS.items():
            source = Path(tmp) / f"{name}.wav"
            write_wav(source, make())
            for ext, codec in ENCODINGS.items():
                target = OUT / f"{name}.{ext}"
                command = [ffmpeg, "-v", "error", "-y", "-i", str(source), *codec, *EXACT]
                subprocess.run([*command, "-ac", "1", str(target)], check=True)
                print(f"{target.relative_to(OUT.parent.parent)}: {target.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
