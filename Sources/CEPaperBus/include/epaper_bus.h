#ifndef LOCKSCREEND_EPAPER_BUS_H
#define LOCKSCREEND_EPAPER_BUS_H

#include <stddef.h>
#include <stdint.h>

// An SPI e-paper HAT's bus from user space: spidev for the bytes (SPI_IOC_MESSAGE, in
// chunks of at most 4096 bytes) and the GPIO character device's v2 uAPI for D/C, RST,
// an optional chip-select and BUSY. Compiled against the kernel's own headers
// (<linux/spi/spidev.h>, <linux/gpio.h>), so no struct is mirrored by hand. Every
// function returns 0, or an errno value with what failed in `message`.

/// Opens `path` for SPI mode 0, 8 bits a word, at `hertz`.
int CEPaperBus_spi_open(const char *path, uint32_t hertz, int *fd, char *message, size_t size);

/// Writes `count` bytes, `chunk` (at most 4096) at a time.
int CEPaperBus_spi_write(int fd, const uint8_t *bytes, size_t count, uint32_t hertz, char *message, size_t size);

/// Reads `count` bytes (zeros go out meanwhile), `chunk` at a time.
int CEPaperBus_spi_read(int fd, uint8_t *bytes, size_t count, uint32_t hertz, char *message, size_t size);

/// Requests `count` lines of `chip` as keys: inputs pulled up, falling edges reported,
/// debounced by the kernel for `debounce_us`.
int CEPaperBus_gpio_buttons(const char *chip, const uint32_t *lines, size_t count, uint32_t debounce_us, int *fd, char *message, size_t size);

/// Reads one edge event of a request (blocking): which line and when (CLOCK_MONOTONIC ns).
int CEPaperBus_gpio_read_event(int fd, uint32_t *line, uint64_t *nanoseconds, char *message, size_t size);

/// An eventfd that ends `CEPaperBus_gpio_wait_event` from another thread.
int CEPaperBus_stopper_open(int *fd, char *message, size_t size);
void CEPaperBus_stopper_signal(int fd);

/// Waits, without a time-out, for an edge on `fd` (then reads it, as
/// `CEPaperBus_gpio_read_event`) or for `stopper` to be signalled (ECANCELED).
int CEPaperBus_gpio_wait_event(int fd, int stopper, uint32_t *line, uint64_t *nanoseconds, char *message, size_t size);

/// Reads `count` bytes at the 16-bit `offset` of the I²C device at `address` on the bus
/// `path` (an EEPROM such as the one on Pimoroni's boards).
int CEPaperBus_i2c_read(const char *path, uint16_t address, uint16_t offset, uint8_t *bytes, size_t count, char *message, size_t size);

/// Requests `count` lines of `chip` as outputs set to `initial` (0 or 1 each), under
/// the consumer name "lockscreend".
int CEPaperBus_gpio_outputs(const char *chip, const uint32_t *lines, const uint8_t *initial, size_t count, int *fd, char *message, size_t size);

/// Requests one line of `chip` as an input with both edges reported (BUSY).
int CEPaperBus_gpio_input(const char *chip, uint32_t line, int *fd, char *message, size_t size);

/// Sets the lines of an output request: bit i of `values` for the request's line i.
int CEPaperBus_gpio_set(int fd, uint64_t mask, uint64_t values, char *message, size_t size);

/// Reads the one line of an input request: 0 or 1 in `value`.
int CEPaperBus_gpio_get(int fd, int *value, char *message, size_t size);

/// Waits up to `milliseconds` for an edge on an input request; 0 when one came (and was
/// read), ETIMEDOUT when none did.
int CEPaperBus_gpio_wait_edge(int fd, int milliseconds, char *message, size_t size);

/// The label of `chip` ("pinctrl-bcm2711"), for finding the header's chip.
int CEPaperBus_gpio_chip_label(const char *chip, char *label, size_t label_size, char *message, size_t size);

/// Sleeps `microseconds`: the reset pulse's timing, which the datasheets give.
void CEPaperBus_delay(uint32_t microseconds);

/// What a touch screen or tablet reports about itself (evdev): its axes' ranges and
/// how it says a contact is down.
struct CEPaperBus_touch_info {
    int32_t x_min, x_max, y_min, y_max;
    /// INPUT_PROP_DIRECT: a screen (touch where you look), not a pad.
    int direct;
    /// Multi-touch slots (ABS_MT_POSITION_X/Y) besides the single-touch axes.
    int multitouch;
    /// BTN_TOUCH (a finger) or BTN_LEFT (a tablet such as QEMU's virtio-tablet).
    int touch_key, left_key;
    /// 1 when the events are stamped by CLOCK_MONOTONIC (EVIOCSCLOCKID took it).
    int monotonic;
    char name[80];
};

/// One input event: its type, code and value, and when the kernel stamped it.
struct CEPaperBus_input_event {
    uint16_t type, code;
    int32_t value;
    uint64_t microseconds;
};

/// Opens an evdev node read-only and reads its capabilities; fails with a message
/// unless it has absolute X and Y axes and a touch or left button.
int CEPaperBus_touch_open(const char *path, struct CEPaperBus_touch_info *info, int *fd, char *message, size_t size);

/// Waits (no time-out) for events or the stopper; returns 0 with up to `capacity`
/// events read, ECANCELED when stopped, ENODEV when the device went away, else an
/// error with a message.
int CEPaperBus_touch_wait(int fd, int stopper, struct CEPaperBus_input_event *events, size_t capacity, size_t *count, char *message, size_t size);

/// Waits (no time-out) until `fd` is readable or the stopper fires: 0, or ECANCELED.
int CEPaperBus_wait_readable(int fd, int stopper);

#endif
