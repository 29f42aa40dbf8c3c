"""Stand-in for gpiozero on the pins Waveshare's epdconfig uses (RST 17, DC 25, BUSY 24)."""
import wire

RST, DC = 17, 25


class LED:
    def __init__(self, pin, **kwargs):
        self.pin = pin

    def on(self):
        self._set(True)

    def off(self):
        self._set(False)

    def _set(self, high):
        if self.pin == RST:
            wire.set_reset(high)
        elif self.pin == DC:
            wire.set_dc(high)

    def close(self):
        pass


class Button:
    def __init__(self, pin, **kwargs):
        self.pin = pin

    @property
    def value(self):
        return wire.busy()

    def close(self):
        pass
