#!/usr/bin/env python3
"""Writes the recorded timelines the benchmark plays instead of network and machine
readings, for the day 2026-11-22 (UTC): deterministic, so runs compare.

    bench/make-recordings.py     # writes bench/cpu.json, battery.json, weather.json
"""
import json, math, os, random

DAY = 1795305600  # 2026-11-22T00:00:00Z
here = os.path.dirname(os.path.abspath(__file__))
rng = random.Random(20261122)

def write(name, entries, policy="atEnd"):
    with open(os.path.join(here, name), "w") as f:
        json.dump({"entries": entries, "policy": policy}, f, separators=(",", ":"))
        f.write("\n")

# CPU use each minute: a daily rhythm and noise, whole percents.
cpu = []
for m in range(1440):
    load = 12 + 10 * math.sin(m / 1440 * 2 * math.pi - 1.2) + rng.gauss(0, 6)
    v = max(1, min(99, round(load)))
    cpu.append({"date": DAY + 60 * m, "gauge": {"value": v, "max": 100, "label": "CPU", "text": str(v)}})
write("cpu.json", cpu)

# Battery every 5 minutes: discharging by day, charging at night.
battery, level = [], 80.0
for i in range(288):
    hour = i * 5 / 60
    level += 0.9 if hour < 7 else -0.35
    level = max(5, min(100, level))
    v = round(level)
    battery.append({"date": DAY + 300 * i, "gauge": {"value": v, "max": 100, "label": "BAT", "text": str(v), "style": "capacity"}})
write("battery.json", battery)

# Weather every 15 minutes: temperature as a gauge.
weather = []
for i in range(96):
    t = round(6 + 5 * math.sin((i / 96) * 2 * math.pi - 1.9) + rng.gauss(0, 0.4))
    weather.append({"date": DAY + 900 * i, "gauge": {"value": t, "min": -10, "max": 30, "label": "°C", "text": f"{t}°"}})
write("weather.json", weather)

# The inline weather line, every 15 minutes.
sky = ["cloud", "wb_sunny", "grain", "cloud"]
line = []
for i in range(96):
    t = weather[i]["gauge"]["value"]
    line.append({"date": DAY + 900 * i, "symbol": sky[(i // 12) % 4], "text": f"London {t}°"})
write("weather-line.json", line)
