#!/usr/bin/env python3
"""Photographs on e-paper: what lockscreend shows of a photo against what the vendors' own
libraries show of it, each compared with the photo as the eye would compare them at arm's
length.

For every photo of Tests/Fixtures/photos (public domain and CC0, see the LICENCE file
there) and every panel below, the photo is cropped and scaled to the panel's size (Pillow,
Lanczos) and shown:
- by lockscreend: `lockscreend snapshot --panel MODEL` of a photo page showing it;
- by the vendor: Pimoroni's `inky` (`Inky.set_image`, its default saturation), or
  Waveshare's driver (`EPD.getbuffer_4Gray` for the panels lockscreend drives in four
  greys, `EPD.getbuffer` for black and white), on the recording stand-ins of epd_stubs/.
Both results are painted with the inks as Pimoroni measured them (the driver's own
`SATURATED_PALETTE`; black and white for Waveshare's glass), blurred like the source (a
Gaussian of 1.5 px, in linear light, where the light of neighbouring dots mixes), and
compared with it pixel by pixel in CIEDE2000: the mean and the 95th percentile.
lockscreend must be at or below the vendor on both, for every photo and panel; an
unchanged picture must give the same pixels twice.

  Tests/conformance/run-photos.py --binary .build/debug/lockscreend [-v]
"""
import argparse
import glob
import os
import subprocess
import sys
import tempfile

here = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [here, os.path.join(here, "..")]
import oracle_venv  # noqa: E402

# lockscreend's model, the vendor library and its module, the glass size.
PANELS = [
    ("inky-impression-7in3", "inky", "inky_ac073tc1a", (800, 480)),
    ("inky-impression-5in7", "inky", "inky_uc8159", (600, 448)),
    ("inky-impression-7in3-spectra6", "inky", "inky_e673", (800, 480)),
    ("waveshare-7in5-v2", "waveshare", "epd7in5_V2", (800, 480)),
    ("waveshare-4in2-v2", "waveshare", "epd4in2_V2", (400, 300)),
]
# The Waveshare panels lockscreend drives in four greys (their full refreshes): compared
# with the vendor's own 4-grey conversion, getbuffer_4Gray.
FOUR_GREYS = {"epd7in5_V2", "epd4in2_V2"}
BLUR = 1.5


def linear(rgb):
    """An array of 8-bit sRGB colours in linear light, 0 to 1."""
    import numpy as np
    c = np.asarray(rgb, dtype=np.float64) / 255
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def srgb_to_lab(rgb):
    """CIE L*a*b* (D65) of an array of 8-bit sRGB colours."""
    import numpy as np
    m = np.array([[0.4124564, 0.3575761, 0.1804375], [0.2126729, 0.7151522, 0.0721750], [0.0193339, 0.1191920, 0.9503041]])
    xyz = linear(rgb) @ m.T / np.array([0.95047, 1.0, 1.08883])
    f = np.where(xyz > (6 / 29) ** 3, np.cbrt(xyz), xyz / (3 * (6 / 29) ** 2) + 4 / 29)
    return np.stack([116 * f[..., 1] - 16, 500 * (f[..., 0] - f[..., 1]), 200 * (f[..., 1] - f[..., 2])], axis=-1)


def ciede2000(lab1, lab2):
    """CIEDE2000 colour difference (Sharma, Wu and Dalal's formulation), elementwise."""
    import numpy as np
    L1, a1, b1 = lab1[..., 0], lab1[..., 1], lab1[..., 2]
    L2, a2, b2 = lab2[..., 0], lab2[..., 1], lab2[..., 2]
    C1, C2 = np.hypot(a1, b1), np.hypot(a2, b2)
    Cbar7 = ((C1 + C2) / 2) ** 7
    G = 0.5 * (1 - np.sqrt(Cbar7 / (Cbar7 + 25 ** 7)))
    a1p, a2p = (1 + G) * a1, (1 + G) * a2
    C1p, C2p = np.hypot(a1p, b1), np.hypot(a2p, b2)
    h1p = np.degrees(np.arctan2(b1, a1p)) % 360
    h2p = np.degrees(np.arctan2(b2, a2p)) % 360
    dLp, dCp = L2 - L1, C2p - C1p
    dh = h2p - h1p
    dh = np.where(C1p * C2p == 0, 0, np.where(dh > 180, dh - 360, np.where(dh < -180, dh + 360, dh)))
    dHp = 2 * np.sqrt(C1p * C2p) * np.sin(np.radians(dh / 2))
    Lbar, Cbarp = (L1 + L2) / 2, (C1p + C2p) / 2
    hsum = h1p + h2p
    hbar = np.where(C1p * C2p == 0, hsum, np.where(np.abs(h1p - h2p) <= 180, hsum / 2, np.where(hsum < 360, (hsum + 360) / 2, (hsum - 360) / 2)))
    T = (1 - 0.17 * np.cos(np.radians(hbar - 30)) + 0.24 * np.cos(np.radians(2 * hbar)) + 0.32 * np.cos(np.radians(3 * hbar + 6))
         - 0.20 * np.cos(np.radians(4 * hbar - 63)))
    dTheta = 30 * np.exp(-(((hbar - 275) / 25) ** 2))
    RC = 2 * np.sqrt(Cbarp ** 7 / (Cbarp ** 7 + 25 ** 7))
    SL = 1 + 0.015 * (Lbar - 50) ** 2 / np.sqrt(20 + (Lbar - 50) ** 2)
    SC, SH = 1 + 0.045 * Cbarp, 1 + 0.015 * Cbarp * T
    RT = -np.sin(np.radians(2 * dTheta)) * RC
    return np.sqrt((dLp / SL) ** 2 + (dCp / SC) ** 2 + (dHp / SH) ** 2 + RT * (dCp / SC) * (dHp / SH))


def blurred(picture):
    """The picture blurred in linear light, as light from neighbouring dots mixes in the
    eye, back in 8-bit sRGB."""
    import numpy as np
    light = linear(picture.convert("RGB"))
    # A separable Gaussian, edges repeated outward.
    radius = int(3 * BLUR)
    kernel = np.exp(-np.arange(-radius, radius + 1) ** 2 / (2 * BLUR ** 2))
    kernel /= kernel.sum()
    padded = np.pad(light, ((radius, radius), (radius, radius), (0, 0)), mode="edge")
    rows = sum(k * padded[:, i:i + light.shape[1], :] for i, k in enumerate(kernel))
    mixed = sum(k * rows[i:i + light.shape[0], :, :] for i, k in enumerate(kernel)).clip(0, 1)
    back = np.where(mixed <= 0.0031308, mixed * 12.92, 1.055 * mixed ** (1 / 2.4) - 0.055)
    return (back * 255).round().astype(np.uint8)


def difference(source, shown):
    """(mean, 95th percentile) of CIEDE2000 between two RGB pictures, each blurred first."""
    import numpy as np
    d = ciede2000(srgb_to_lab(blurred(source)), srgb_to_lab(blurred(shown)))
    return float(d.mean()), float(np.percentile(d, 95))


def vendor(library, module, size, picture):
    """The picture as the vendor's library turns it into inks, painted as they look."""
    import numpy as np
    from PIL import Image
    import epd_oracle
    if library == "inky":
        import spidev
        driver = __import__(f"inky.{module}", fromlist=[module])
        display = driver.Inky(resolution=size, colour="multi", spi_bus=spidev.SpiDev(),
                              gpio=epd_oracle.Lines(driver.RESET_PIN, driver.DC_PIN, module == "inky_e673"))
        display.set_image(picture)
        indices = np.asarray(display.buf)
        looks = np.array(display.SATURATED_PALETTE, dtype=np.uint8)
        if module == "inky_e673":
            # The E673's native indices skip 4; its palettes list the six inks in order.
            indices = np.array([0, 1, 2, 3, 3, 4, 5])[indices]
        return Image.fromarray(looks[indices % len(looks)].reshape(size[1], size[0], 3)), {tuple(int(v) for v in c) for c in looks}
    epd = epd_oracle.waveshare_epd(module)
    if module in FOUR_GREYS:
        # Waveshare's 4-grey conversion: two bits a pixel, the leftmost in the high bits;
        # 3 white, 2 light grey, 1 dark grey, 0 black, painted as lockscreend paints them.
        buffer = np.frombuffer(bytes(epd.getbuffer_4Gray(picture)), dtype=np.uint8)
        codes = np.stack([(buffer >> shift) & 3 for shift in (6, 4, 2, 0)], axis=1).reshape(size[1], size[0])
        greys = np.array([0, 85, 170, 255], dtype=np.uint8)
        return Image.fromarray(greys[codes]).convert("RGB"), {(int(g), int(g), int(g)) for g in greys}
    buffer = np.frombuffer(bytes(epd.getbuffer(picture)), dtype=np.uint8)
    # The driver's bytes: 1 for black, leftmost pixel in the high bit.
    black = np.unpackbits(buffer).reshape(size[1], size[0]).astype(bool)
    return Image.fromarray(np.where(black, 0, 255).astype(np.uint8)).convert("RGB"), {(0, 0, 0), (255, 255, 255)}


def ours(binary, model, path, work):
    """The picture as `lockscreend snapshot --panel` shows it."""
    from PIL import Image
    config = os.path.join(work, "photo.toml")
    with open(config, "w") as f:
        f.write(f'[layout]\nphoto = "picture"\npage = "photo"\n[widgets.picture]\nkind = "image"\nfile = "{path}"\n')
    out = os.path.join(work, "glass.png")
    subprocess.run([binary, "snapshot", "--config", config, "--panel", model, "--out", out, "--at", "2026-11-27T12:00:00Z",
                    "--log-level", "error"], check=True, capture_output=True)
    return Image.open(out).convert("RGB")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    binary = os.path.abspath(args.binary)
    python = oracle_venv.python(os.path.join(here, "requirements-photos.txt"))
    if os.path.dirname(python) != os.path.dirname(sys.executable):
        os.execv(python, [python, os.path.abspath(__file__), "--binary", binary] + (["-v"] if args.verbose else []))
    sys.path.insert(0, os.path.join(here, "epd_stubs"))
    from PIL import Image, ImageOps

    photos = sorted(glob.glob(os.path.join(here, "..", "Fixtures", "photos", "*.jpg")))
    failures = []
    print(f"{'photo':<10} {'panel':<30} {'lockscreend mean/p95':>21} {'vendor mean/p95':>17}")
    with tempfile.TemporaryDirectory(prefix="lockscreend-photos-") as work:
        for model, library, module, size in PANELS:
            for photo in photos:
                name = os.path.splitext(os.path.basename(photo))[0]
                source = ImageOps.fit(Image.open(photo).convert("RGB"), size, Image.LANCZOS)
                path = os.path.join(work, f"{name}-{size[0]}x{size[1]}.png")
                source.save(path)
                shown = ours(binary, model, path, work)
                theirs, inks = vendor(library, module, size, source)
                ours_d, theirs_d = difference(source, shown), difference(source, theirs)
                print(f"{name:<10} {model:<30} {ours_d[0]:>10.2f} /{ours_d[1]:>6.2f}   {theirs_d[0]:>7.2f} /{theirs_d[1]:>6.2f}")
                foreign = {c for c in shown.getdata()} - inks
                if foreign:
                    failures.append(f"{name} on {model}: colours that are not the vendor's measured inks: {sorted(foreign)[:4]}")
                if ours_d[0] > theirs_d[0] or ours_d[1] > theirs_d[1]:
                    failures.append(f"{name} on {model}: lockscreend {ours_d[0]:.2f}/{ours_d[1]:.2f} against the vendor's {theirs_d[0]:.2f}/{theirs_d[1]:.2f}")
                if photo == photos[0] and list(ours(binary, model, path, work).getdata()) != list(shown.getdata()):
                    failures.append(f"{name} on {model}: the same picture gave other pixels the second time")
    for failure in failures:
        print(f"✘ {failure}")
    if failures:
        sys.exit(1)
    print(f"✔ photos: lockscreend's mean difference and 95th percentile at or below the vendors' on {len(photos)} photos × {len(PANELS)} panels")


if __name__ == "__main__":
    main()
