"""Stand-in for RPi.GPIO, imported but not used by the drivers compared."""
BCM = OUT = IN = 0
HIGH, LOW = 1, 0
