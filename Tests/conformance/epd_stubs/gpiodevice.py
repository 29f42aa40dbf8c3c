"""Stand-in for gpiodevice: BUSY is never waited for (wire.py counts the wait)."""
friendly_errors = True


def wait_for_edge(gpio, pin, timeout):
    return True


def find_chip_by_platform():
    raise RuntimeError("the stand-in has no GPIO chip: pass gpio= to the driver")
