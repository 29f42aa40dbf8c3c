"""Stand-in for RPi: only what Waveshare's drivers import at the top (they drive the pins
through epdconfig and gpiozero)."""
