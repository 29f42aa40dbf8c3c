"""Runs inside the oracle venv: a vendor's own Python driver for one model, on the
recording stand-ins of epd_stubs/, showing the same two pictures lockscreend-conformance's
`epd` shows (in the user's orientation, handed over as the vendor's examples hand
landscape pictures over), then sleeping. Prints the wires' events as one JSON array.

  python epd_oracle.py MODEL"""
import json
import os
import subprocess
import sys
import time

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "epd_stubs"))
import wire  # noqa: E402

from PIL import Image, ImageDraw  # noqa: E402

time.sleep = lambda seconds: None  # the drivers' delays change nothing on a stand-in

BLOCKS = [(8, 16, 40, 30), (60, 100, 24, 50), (90, 8, 16, 16)]
# The 4-grey picture's blocks (EPDTrace.swift's greyBlocks): dark grey 85, light grey 170.
GREY_BLOCKS = [(16, 150, 48, 40, 85), (72, 40, 40, 48, 170)]
COLOUR_BLOCK = (16, 150, 48, 40)
ADDED = (32, 200, 16, 20)


def picture(width, height, colour, second, indexed=False, inks=(0, 1, 2), greys=False):
    """EPDTrace.swift's pictures: blocks placed for a portrait picture, turned for a landscape one.
    `indexed`: in Inky's palette (0 white, 1 black, 2 the colour), as Inky takes a "P" picture."""
    white, black, ink = inks
    image = Image.new("P", (width, height), white) if indexed else Image.new("RGB", (width, height), (255, 255, 255))
    draw = ImageDraw.Draw(image)

    def place(b):
        x, y, w, h = (b[1], b[0], b[3], b[2]) if width >= height else b
        return [x, y, x + w - 1, y + h - 1]
    for block in BLOCKS + ([ADDED] if second else []):
        draw.rectangle(place(block), fill=black if indexed else (0, 0, 0))
    if greys:
        for x, y, w, h, grey in GREY_BLOCKS:
            draw.rectangle(place((x, y, w, h)), fill=(grey, grey, grey))
    if colour:
        draw.rectangle(place(COLOUR_BLOCK), fill=ink if indexed else (255, 255, 0) if colour == "yellow" else (255, 0, 0))
    return image


def waveshare_epd(module):
    """Waveshare's `EPD` of `module`, on the stand-ins."""
    real = subprocess.Popen

    class Raspberry:  # epdconfig asks /proc/cpuinfo whether it runs on a Raspberry Pi
        def __init__(self, *args, **kwargs):
            pass

        def communicate(self):
            return ("Raspberry Pi", "")
    subprocess.Popen = Raspberry
    try:
        import epaper
        driver = epaper.epaper(module)
    finally:
        subprocess.Popen = real
    return driver.EPD()


def waveshare(module, turned, scenario):
    """`turned`: the picture handed over with the driver's width and height swapped, as
    Waveshare's demos hand a landscape picture to a portrait controller."""
    epd = waveshare_epd(module)
    size = (epd.height, epd.width) if turned else (epd.width, epd.height)
    first, second = picture(*size, None, False), picture(*size, None, True)
    scenario(epd, epd.getbuffer(first), epd.getbuffer(second))


class Lines:
    """Inky's gpio= object: the lines by offset (reset 27, D/C 22 on the HAT). BUSY reads
    low, or high where `idle_high` (the E673's driver polls until it reads high, on the
    real clock)."""
    def __init__(self, reset, dc, idle_high=False):
        self.reset, self.dc, self.idle_high = reset, dc, idle_high

    def set_value(self, pin, value):
        high = getattr(value, "value", value) == 1
        if pin == self.reset:
            wire.set_reset(high)
        elif pin == self.dc:
            wire.set_dc(high)

    def get_value(self, pin):
        from gpiod.line import Value
        wire.busy()
        return Value.ACTIVE if self.idle_high else Value.INACTIVE


def inky(module, resolution, colour, inks=(0, 1, 2), idle_high=False):
    """`inks`: Inky's palette indices of white, black and the colour block's ink."""
    import spidev
    driver = __import__(f"inky.{module}", fromlist=[module])
    display = driver.Inky(resolution=resolution, colour=colour, spi_bus=spidev.SpiDev(), gpio=Lines(driver.RESET_PIN, driver.DC_PIN, idle_high))
    for second in (False, True):
        display.set_image(picture(*resolution, None if colour == "black" else "red", second, indexed=True, inks=inks))
        display.show()


def waveshare_greys(module, turned):
    """Waveshare's 4-grey flow: Init_4Gray, display_4Gray of getbuffer_4Gray, sleep."""
    epd = waveshare_epd(module)
    size = (epd.height, epd.width) if turned else (epd.width, epd.height)
    (epd.Init_4Gray if hasattr(epd, "Init_4Gray") else epd.init_4Gray)()
    epd.display_4Gray(epd.getbuffer_4Gray(picture(*size, None, False, greys=True)))
    epd.sleep()


def waveshare_partial(base, partial):
    def scenario(epd, a, b):
        epd.init()
        getattr(epd, base)(a)
        getattr(epd, partial)(b)
        epd.sleep()
    return scenario


def waveshare_7in5_v2(epd, a, b):
    """Waveshare's partial demo: a full picture, then init_part and the changed window,
    handed over as its own bytes (display_Partial takes the window's buffer)."""
    epd.init()
    epd.display(a)
    epd.init_part()
    x, y, w, h = ADDED[1], ADDED[0], ADDED[3], ADDED[2]  # the block, in the landscape picture
    x0, x1 = x // 8 * 8, (x + w + 7) // 8 * 8
    row = epd.width // 8
    window = [b[(y + j) * row + i] for j in range(h) for i in range(x0 // 8, x1 // 8)]
    epd.display_Partial(window, x0, y, x1, y + h)
    epd.sleep()


def waveshare_1in54_v2(epd, a, b):
    epd.init(0)
    epd.displayPartBaseImage(a)
    epd.init(1)
    epd.displayPart(b)
    epd.sleep()


def waveshare_4in2_v2(epd, a, b):
    epd.init()
    epd.display(a)
    epd.display_Partial(b)
    epd.sleep()


MODELS = {
    "inky-impression-7in3": lambda: inky("inky_ac073tc1a", (800, 480), "multi", inks=(1, 0, 4)),
    "inky-impression-7in3-spectra6": lambda: inky("inky_e673", (800, 480), "multi", inks=(1, 0, 3), idle_high=True),
    "inky-impression-5in7": lambda: inky("inky_uc8159", (600, 448), "multi", inks=(1, 0, 4)),
    "inky-impression-4in": lambda: inky("inky_uc8159", (640, 400), "multi", inks=(1, 0, 4)),
    "waveshare-1in54-v2": lambda: waveshare("epd1in54_V2", False, waveshare_1in54_v2),
    "waveshare-4in2-v2": lambda: waveshare("epd4in2_V2", False, waveshare_4in2_v2),
    "waveshare-7in5-v2": lambda: (setattr(wire, "busy_idle", 1), waveshare("epd7in5_V2", False, waveshare_7in5_v2)),
    "waveshare-2in13-v4": lambda: waveshare("epd2in13_V4", True, waveshare_partial("displayPartBaseImage", "displayPartial")),
    "waveshare-2in9-v2": lambda: waveshare("epd2in9_V2", True, waveshare_partial("display_Base", "display_Partial")),
    "waveshare-2in9-v2 grey": lambda: waveshare_greys("epd2in9_V2", True),
    "waveshare-4in2-v2 grey": lambda: waveshare_greys("epd4in2_V2", False),
    "waveshare-7in5-v2 grey": lambda: (setattr(wire, "busy_idle", 1), waveshare_greys("epd7in5_V2", False)),
    "inky-phat-black": lambda: inky("inky_ssd1608", (250, 122), "black"),
    "inky-phat-red": lambda: inky("inky_ssd1608", (250, 122), "red"),
    "inky-phat-yellow": lambda: inky("inky_ssd1608", (250, 122), "yellow"),
    "inky-what-black": lambda: inky("inky_ssd1683", (400, 300), "black"),
    "inky-what-red": lambda: inky("inky_ssd1683", (400, 300), "red"),
    "inky-what-yellow": lambda: inky("inky_ssd1683", (400, 300), "yellow"),
}

if __name__ == "__main__":
    MODELS[sys.argv[1]]()
    json.dump(wire.events, sys.stdout)
