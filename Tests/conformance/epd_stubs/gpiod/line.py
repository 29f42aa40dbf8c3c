"""Stand-in for gpiod.line's enums."""
import enum


class Value(enum.Enum):
    INACTIVE = 0
    ACTIVE = 1


class Direction(enum.Enum):
    INPUT = 0
    OUTPUT = 1


class Bias(enum.Enum):
    DISABLED = 0


class Edge(enum.Enum):
    FALLING = 0
