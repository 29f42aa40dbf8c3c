#!/usr/bin/env python3
"""E-paper conformance: lockscreend's drivers against the vendors' own Python drivers
(Waveshare's waveshare-epaper, Pimoroni's inky, pinned in requirements.txt) as oracles.

Both show the same two pictures in the orientation of the model's example configuration
(deploy/examples): lockscreend through its driver on a recording EPDLink
(lockscreend-conformance epd), the vendor's driver on recording stand-ins for spidev,
gpiozero and gpiod (epd_oracle.py). Both traces are decoded by one model of the
controller that forgets its registers on every reset pulse and software reset (what the
datasheets allow, so a driver must set up after every wake), and compared at each refresh:
every register the vendor sets, and what the driver sets that the vendor does not; the
refresh trigger; the RAM planes where both wrote them (orientation included); whether
the controller is left asleep. Differences that are deliberate are listed in DELIBERATE
with why (docs/DISPLAYS.md says the same); any other fails the run.

  Tests/conformance/run-epd.py --binary .build/debug/lockscreend-conformance [--models A,B]
"""
import argparse
import concurrent.futures
import json
import os
import re
import subprocess
import sys

import oracle_venv

here = os.path.dirname(os.path.abspath(__file__))
examples = os.path.join(here, "..", "..", "deploy", "examples")

# Model, its example configuration (for the orientation), the vendor's driver.
MODELS = [
    ("waveshare-2in13-v4", "waveshare-2in13-v4.toml", "waveshare-epaper epd2in13_V4"),
    ("waveshare-2in9-v2", "waveshare-2in9-v2.toml", "waveshare-epaper epd2in9_V2"),
    ("inky-phat-black", None, "inky inky_ssd1608"),
    ("inky-phat-red", "inky-phat-red.toml", "inky inky_ssd1608"),
    ("inky-phat-yellow", None, "inky inky_ssd1608"),
    ("inky-what-black", "inky-what-black.toml", "inky inky_ssd1683"),
    ("inky-what-red", None, "inky inky_ssd1683"),
    ("inky-what-yellow", None, "inky inky_ssd1683"),
    ("waveshare-7in5-v2", "waveshare-7in5-v2.toml", "waveshare-epaper epd7in5_V2"),
    ("waveshare-4in2-v2", "waveshare-4in2-v2.toml", "waveshare-epaper epd4in2_V2"),
    ("waveshare-1in54-v2", "waveshare-1in54-v2.toml", "waveshare-epaper epd1in54_V2"),
    ("waveshare-2in9-v2 grey", "waveshare-2in9-v2.toml", "waveshare-epaper epd2in9_V2 Init_4Gray/display_4Gray"),
    ("waveshare-4in2-v2 grey", "waveshare-4in2-v2.toml", "waveshare-epaper epd4in2_V2 Init_4Gray/display_4Gray"),
    ("waveshare-7in5-v2 grey", "waveshare-7in5-v2.toml", "waveshare-epaper epd7in5_V2 init_4Gray/display_4Gray"),
    ("inky-impression-5in7", None, "inky inky_uc8159"),
    ("inky-impression-4in", None, "inky inky_uc8159"),
    ("inky-impression-7in3", "inky-impression-7in3.toml", "inky inky_ac073tc1a"),
    ("inky-impression-7in3-spectra6", None, "inky inky_e673"),
]
CONTROLLER = {"waveshare-7in5-v2": "uc8179", "inky-impression-5in7": "uc8159", "inky-impression-4in": "uc8159",
              "inky-impression-7in3": "uc8159", "inky-impression-7in3-spectra6": "uc8159"}
# Pimoroni's examples hand Inky pictures in landscape, as lockscreend's examples turn them.
DEFAULT_ROTATION = {"inky-phat": 90}

# (model prefix, difference) → why it is deliberate.
DELIBERATE = {
    ("inky-", "asleep"): "lockscreend puts the controller into deep sleep after every update (a reset pulse wakes it, "
                         "and it sets everything up again); Pimoroni's driver leaves it awake between updates",
    ("inky-what-black", "ram 0x26"): "RAM 0x26 holds the picture, the old image of the next partial refresh, as "
                                     "Waveshare's 4.2\" V2 driver writes it on the same SSD1683; Pimoroni's driver, "
                                     "which never refreshes partially, writes zeros",
    ("waveshare-7in5-v2", "0x50"): "VCOM and data interval: a full refresh sets N2OCP, so the chip copies the new image "
                                   "into the old one (48 KB not sent again); a partial one keeps the data polarity of full "
                                   "refreshes and writes the old image itself, where Waveshare inverts the data (DDX) and "
                                   "lets the chip copy; the RAM means the same on both sides (compared after polarity)",
    **{(model, f"0x{r:02X}"): "lockscreend sets the gate count and scan (0x01) and the data entry mode (0x11) after "
                              "every wake, as the datasheets' reset allows and Waveshare's 2.13\" V4 driver does; this "
                              "driver relies on their reset values (the 2.9\" V2's, the 4.2\" V2's) or on what it set "
                              "before the controller slept (the 1.54\" V2's)"
       for model, registers in (("waveshare-4in2-v2", (0x01,)), ("waveshare-2in9-v2", (0x01, 0x11)), ("waveshare-1in54-v2", (0x01, 0x11)))
       for r in registers},
    **{(model, "0x37"): "Waveshare turns on RAM ping-pong (0x37, display mode 2) before a partial refresh, which "
                        "makes the chip keep the previous image itself and writes a whole picture each time; "
                        "lockscreend writes only the changed windows and then the same windows into RAM 0x26, so "
                        "0x26 holds the glass (SSD1680/SSD1681 datasheets, 0x37 and display mode 2)"
       for model in ("waveshare-2in9-v2", "waveshare-1in54-v2")},
    **{("waveshare-7in5-v2", f"0x{r:02X}"): "lockscreend keeps the controller set up between updates (power off, not a "
                                            "reset), so power, booster, resolution, SPI and TCON settings stay as set; "
                                            "Waveshare's init_part resets and sets the panel setting alone"
       for r in (0x01, 0x06, 0x15, 0x60, 0x61)},
}
# Models whose full refreshes lockscreend draws in four greys: beside the vendor's
# black-and-white flow they are driven in black and white ("bw"), and "MODEL grey"
# compares one 4-grey full refresh with the vendor's Init_4Gray (init_4Gray) and display_4Gray.
GREY_MODELS = ("waveshare-2in9-v2", "waveshare-4in2-v2", "waveshare-7in5-v2")
# RAM columns the vendor's flow addresses from further right than lockscreend does:
# Waveshare's 2.9" V2 Init_4Gray sets its RAM window from x byte 1 (its init and partial
# refreshes from 0); lockscreend keeps byte 0 in every mode, so that greys and the partial
# refreshes after them fall on the same columns. Its RAM is compared shifted back.
VENDOR_COLUMN_SHIFT = {"waveshare-2in9-v2 grey": 1}

# Vendor drivers that never refresh partially: lockscreend's second update is full too,
# so like is compared with like (its partial refreshes are compared where a vendor has them).
FULL_ONLY = ("inky-",)

ADDRESSING = {0x44, 0x45, 0x4E, 0x4F}
# Registers the chip fills from the first bytes sent, ignoring the rest: the SSD1680's and
# SSD1681's waveform LUT has 153 (Waveshare's 1.54" V2 driver sends its 159-byte table).
LENGTH = {0x32: 153}
# Glass narrower than its RAM rows' whole bytes, from the controller's x = 0.
GLASS_WIDTH = {"waveshare-2in13-v4": 122}


def rotation(model, example):
    if example:
        text = open(os.path.join(examples, example)).read()
        m = re.search(r"^\s*rotate\s*=\s*(\d+)", text, re.M)
        return int(m.group(1)) if m else 0
    for prefix, degrees in DEFAULT_ROTATION.items():
        if model.startswith(prefix):
            return degrees
    return 0


def step(value, start, end, up):
    """One address counter moved on inside its window [start, end]: back to the start
    past either end (the counter and whether it wrapped)."""
    value += 1 if up else -1
    if value > max(start, end) or value < min(start, end):
        return start, True
    return value, False


class Controller:
    """What every decoder keeps: registers (forgotten at a reset), RAM planes by their
    write command, a snapshot per refresh, whether it was left asleep."""
    PLANES = ()

    def __init__(self):
        self.regs = {}
        self.ram = {plane: {} for plane in self.PLANES}
        self.refreshes = []
        self.asleep = False

    def reset(self):
        self.regs = {}
        self.asleep = False


class SSD16xx(Controller):
    """The SSD1608/SSD1680/SSD1683 family as both traces drive it."""
    PLANES = (0x24, 0x26)

    def __init__(self):
        super().__init__()
        self.x = self.y = 0
        # How RAM is addressed (data entry mode, window) is compared as registers are, but
        # RAM is filled as the driver meant it even across a reset pulse: Waveshare's 1.54"
        # V2 driver writes after one without setting it again.
        self.addressing = {}

    def command(self, c, data):
        if c == 0x12:
            self.regs = {}
            self.addressing = {}
        elif c in (0x24, 0x26):
            self.write(self.ram[c], data)
        elif c == 0x4E:
            self.x = data[0] if data else 0
        elif c == 0x4F:
            self.y = (data[0] | data[1] << 8) if len(data) > 1 else 0
        elif c == 0x20 and self.regs.get(0x22, [0x04])[0] & 0x04 == 0:
            pass  # a sequence that shows nothing (clock and analog on, a temperature read)
        elif c == 0x20:
            self.refreshes.append({"regs": {k: v for k, v in self.regs.items() if k not in ADDRESSING},
                                   "ram": {k: dict(v) for k, v in self.ram.items()}})
        elif c == 0x10:
            self.asleep = True
        else:
            self.regs[c] = list(data)[:LENGTH.get(c)]
            if c in (0x11, 0x44, 0x45):
                self.addressing[c] = list(data)

    def write(self, plane, data):
        mode = self.addressing.get(0x11, [3])[0]
        xs, xe = (self.addressing.get(0x44) or [0, 255])[:2]
        y_window = self.addressing.get(0x45) or [0, 0, 255, 1]
        ys, ye = y_window[0] | y_window[1] << 8, y_window[2] | y_window[3] << 8
        for b in data:
            plane[(self.x, self.y)] = b
            # Bit 0: X increments, bit 1: Y increments, bit 2: Y moves first.
            # Past the window's last byte the counters wrap to its first, as the
            # datasheets say and Waveshare's drivers rely on (0x26 written straight
            # after 0x24 without setting the counters again).
            if mode & 4 == 0:
                self.x, wrapped = step(self.x, xs, xe, mode & 1)
                if wrapped:
                    self.y, _ = step(self.y, ys, ye, mode & 2)
            else:
                self.y, wrapped = step(self.y, ys, ye, mode & 2)
                if wrapped:
                    self.x, _ = step(self.x, xs, xe, mode & 1)


class UC8179(Controller):
    """Waveshare's 7.5" V2 controller as both traces drive it: old (0x10) and new (0x13)
    images, whole or, in partial mode (0x91), in the 0x90 window, where bytes past the
    window are dropped; RAM compared by what it means, after 0x50's polarity (DDX)."""
    NOT_REGISTERS = {0x02, 0x04, 0x07, 0x10, 0x12, 0x13, 0x71, 0x91, 0x92}
    PLANES = (0x10, 0x13)

    def __init__(self):
        super().__init__()
        self.partial = False

    def reset(self):
        super().reset()
        self.partial = False

    def area(self):
        res = self.regs.get(0x61, [3, 0x20, 1, 0xE0])
        row = (res[0] << 8 | res[1]) // 8
        if self.partial and 0x90 in self.regs:
            p = self.regs[0x90]
            x0, x1, y0, y1 = (p[0] << 8 | p[1]) // 8, (p[2] << 8 | p[3]) // 8, p[4] << 8 | p[5], p[6] << 8 | p[7]
            return x0, x1, y0, y1
        return 0, row - 1, 0, (res[2] << 8 | res[3]) - 1

    def command(self, c, data):
        if c in (0x10, 0x13):
            x0, x1, y0, y1 = self.area()
            across = x1 - x0 + 1
            for i, b in enumerate(data):
                y = y0 + i // across
                if y > y1:
                    break
                self.ram[c][(x0 + i % across, y)] = b
        elif c == 0x91:
            self.partial = True
        elif c == 0x92:
            self.partial = False
        elif c == 0x12:
            polarity = 0xFF if self.regs.get(0x50, [0])[0] & 1 else 0
            x0, x1, y0, y1 = self.area()
            shown = {k for k in self.ram[0x13] if x0 <= k[0] <= x1 and y0 <= k[1] <= y1}
            self.refreshes.append({"regs": {k: v for k, v in self.regs.items() if k not in (0x90,)},
                                   "ram": {plane: {k: self.ram[plane][k] ^ polarity for k in shown if k in self.ram[plane]}
                                           for plane in (0x10, 0x13)}})
            if self.regs.get(0x50, [0])[0] & 0x08:  # N2OCP: new copied to old
                for k in shown:
                    self.ram[0x10][k] = self.ram[0x13][k]
        elif c == 0x07:
            self.asleep = True
        elif c not in self.NOT_REGISTERS:
            self.regs[c] = list(data)


class UC8159(Controller):
    """The Impressions' controller: one image of 4-bit inks (0x10) sent whole, refreshed by 0x12."""
    NOT_REGISTERS = {0x02, 0x04, 0x07, 0x10, 0x12}
    PLANES = (0x10,)

    def command(self, c, data):
        if c == 0x10:
            self.ram[0x10] = {(i, 0): b for i, b in enumerate(data)}
        elif c == 0x12:
            self.refreshes.append({"regs": dict(self.regs), "ram": {0x10: dict(self.ram[0x10])}})
        elif c == 0x07:
            self.asleep = True
        elif c not in self.NOT_REGISTERS:
            self.regs[c] = list(data)


def decode(events, controller="ssd16xx"):
    chip = {"uc8179": UC8179, "uc8159": UC8159}.get(controller, SSD16xx)()
    pending = None
    for e in events:
        if "data" in e and "command" not in e:
            if pending is not None:
                pending[1].extend(e["data"])
            continue
        if pending is not None:
            chip.command(*pending)
            pending = None
        if "reset" in e:
            chip.reset()
        elif "command" in e:
            pending = (e["command"], list(e["data"]))
    if pending is not None:
        chip.command(*pending)
    return chip


def hexes(values):
    return " ".join(f"{v:02X}" for v in values[:12]) + (" …" if len(values) > 12 else "")


def glass_bits(width, xbyte):
    """The bits of RAM byte `xbyte` of a row that are on glass `width` pixels wide (the
    leftmost pixel in the high bit); all of them where the width is not known."""
    if width is None or (xbyte + 1) * 8 <= width:
        return 0xFF
    on = max(0, width - xbyte * 8)
    return (0xFF << (8 - on)) & 0xFF


def compare(ours, theirs, width=None):
    found = []
    if len(ours.refreshes) != len(theirs.refreshes):
        found.append(("refreshes", f"{len(ours.refreshes)} refreshes, the vendor {len(theirs.refreshes)}"))
    for n, (o, t) in enumerate(zip(ours.refreshes, theirs.refreshes), 1):
        for reg in sorted(set(o["regs"]) | set(t["regs"])):
            a, b = o["regs"].get(reg), t["regs"].get(reg)
            if a != b:
                found.append((f"0x{reg:02X}", f"refresh {n}: 0x{reg:02X} " + (f"[{hexes(a)}]" if a is not None else "not set")
                              + " where the vendor " + (f"sets [{hexes(b)}]" if b is not None else "leaves it at its reset value")))
        for plane in sorted(o["ram"]):
            both = set(o["ram"][plane]) & set(t["ram"][plane])
            # Only the bits on the glass: a row's last byte may end past it (122 pixels).
            differ = [k for k in both if (o["ram"][plane][k] ^ t["ram"][plane][k]) & glass_bits(width, k[0])]
            if differ or not both:
                found.append((f"ram 0x{plane:02X}", f"refresh {n}: RAM 0x{plane:02X}: {len(differ)} of {len(both)} bytes both wrote differ"
                              + (f", first at x byte {min(differ)[0]}, row {min(differ)[1]}" if differ else "")))
    if ours.asleep != theirs.asleep:
        found.append(("asleep", f"left {'asleep' if ours.asleep else 'awake'}, the vendor's {'asleep' if theirs.asleep else 'awake'}"))
    return found


def check(entry, binary, python):
    """One model: both traces, decoded and compared (the degrees, the vendor's refresh
    count, the differences)."""
    scenario, example, _ = entry
    model, *grey = scenario.split()
    degrees = rotation(model, example)
    mode = ["full"] if model.startswith(FULL_ONLY) else ["grey"] if grey else ["bw"] if model in GREY_MODELS else []
    ours = subprocess.run([binary, "epd", model, str(degrees), *mode], capture_output=True, text=True, check=True).stdout
    theirs = subprocess.run([python, os.path.join(here, "epd_oracle.py"), scenario], capture_output=True, text=True, check=True).stdout
    controller = CONTROLLER.get(model, "ssd16xx")
    a, b = decode(json.loads(ours), controller), decode(json.loads(theirs), controller)
    shift = VENDOR_COLUMN_SHIFT.get(scenario, 0)
    for refresh in b.refreshes:
        refresh["ram"] = {plane: {(x - shift, y): v for (x, y), v in ram.items()} for plane, ram in refresh["ram"].items()}
    return degrees, len(b.refreshes), compare(a, b, GLASS_WIDTH.get(model))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--models", help="a comma-separated subset of the models (default: all)")
    args = parser.parse_args()
    python = oracle_venv.python()
    failed = []
    print("| model | vendor driver | refreshes | matches | deliberate differences |")
    print("|---|---|---|---|---|")
    chosen = [m for m in MODELS if not args.models or m[0] in args.models.split(",")]
    # Decoding a trace byte by byte takes seconds in Python: a model on each core.
    with concurrent.futures.ProcessPoolExecutor(max_workers=os.cpu_count()) as pool:
        runs = list(pool.map(check, chosen, [args.binary] * len(chosen), [python] * len(chosen)))
    for (model, _, vendor), (degrees, refreshes, differences) in zip(chosen, runs):
        deliberate = [(what, text) for what, text in differences
                      if any(model.startswith(prefix) and what == kind for prefix, kind in DELIBERATE)]
        other = [d for d in differences if d not in deliberate]
        why = "; ".join(sorted({DELIBERATE[next(k for k in DELIBERATE if model.startswith(k[0]) and k[1] == what)] for what, _ in deliberate}))
        print(f"| {model} (rotate {degrees}) | {vendor} | {refreshes} | {'registers, trigger, RAM, sleep' if not other else 'no'} | {why or '—'} |")
        for _, text in other:
            print(f"    ✘ {text}")
        if other:
            failed.append(model)
    if failed:
        print(f"✘ {len(failed)} model(s) differ from their vendor's driver: {', '.join(failed)}")
        sys.exit(1)
    print("✔ e-paper conformance")


if __name__ == "__main__":
    main()
