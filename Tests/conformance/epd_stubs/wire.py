"""What the vendors' drivers put on the wires, written down by the stand-ins beside this
file for spidev, gpiozero, gpiod and gpiodevice: a reset pulse, a command byte (D/C low)
with the data bytes after it (D/C high), each wait on BUSY. The same events as
lockscreend-conformance's RecordingLink."""
events = []
dc_high = False
reset_low = False
# What BUSY reads when the controller is idle: 0 where the line is high while busy.
busy_idle = 0


def set_dc(high):
    global dc_high
    dc_high = bool(high)


def set_reset(high):
    """A reset pulse is RST going low, then high again."""
    global reset_low
    if not high:
        reset_low = True
    elif reset_low:
        reset_low = False
        events.append({"reset": True})


def write(values):
    values = [int(v) & 0xFF for v in values]
    if not dc_high:
        for v in values:
            events.append({"command": v, "data": []})
    elif events and "command" in events[-1]:
        events[-1]["data"].extend(values)
    else:
        events.append({"data": values})


def busy():
    if not events or "wait" not in events[-1]:
        events.append({"wait": True})
    return busy_idle
