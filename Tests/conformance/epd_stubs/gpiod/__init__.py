"""Stand-in for the gpiod package's names Inky imports; the lines are Inky's gpio= object."""


class LineSettings:
    def __init__(self, **kwargs):
        pass
