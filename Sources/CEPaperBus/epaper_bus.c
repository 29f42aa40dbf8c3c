#include "epaper_bus.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/gpio.h>
#include <linux/i2c-dev.h>
#include <linux/i2c.h>
#include <linux/spi/spidev.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#define CHUNK 4096

static int fail(int error, char *message, size_t size, const char *what, const char *path) {
    snprintf(message, size, "%s %s: %s", what, path, strerror(error));
    return error;
}

int CEPaperBus_spi_open(const char *path, uint32_t hertz, int *fd, char *message, size_t size) {
    int f = open(path, O_RDWR | O_CLOEXEC);
    if (f < 0) return fail(errno, message, size, "open", path);
    uint8_t mode = SPI_MODE_0, bits = 8;
    if (ioctl(f, SPI_IOC_WR_MODE, &mode) < 0 || ioctl(f, SPI_IOC_WR_BITS_PER_WORD, &bits) < 0
        || ioctl(f, SPI_IOC_WR_MAX_SPEED_HZ, &hertz) < 0) {
        int error = errno;
        close(f);
        return fail(error, message, size, "configure SPI on", path);
    }
    *fd = f;
    return 0;
}

int CEPaperBus_spi_write(int fd, const uint8_t *bytes, size_t count, uint32_t hertz, char *message, size_t size) {
    for (size_t done = 0; done < count; done += CHUNK) {
        size_t length = count - done < CHUNK ? count - done : CHUNK;
        struct spi_ioc_transfer transfer;
        memset(&transfer, 0, sizeof transfer);
        transfer.tx_buf = (uint64_t)(uintptr_t)(bytes + done);
        transfer.len = (uint32_t)length;
        transfer.speed_hz = hertz;
        transfer.bits_per_word = 8;
        if (ioctl(fd, SPI_IOC_MESSAGE(1), &transfer) < 0) return fail(errno, message, size, "SPI_IOC_MESSAGE on", "spidev");
    }
    return 0;
}

int CEPaperBus_spi_read(int fd, uint8_t *bytes, size_t count, uint32_t hertz, char *message, size_t size) {
    for (size_t done = 0; done < count; done += CHUNK) {
        size_t length = count - done < CHUNK ? count - done : CHUNK;
        struct spi_ioc_transfer transfer;
        memset(&transfer, 0, sizeof transfer);
        memset(bytes + done, 0, length);
        // Full duplex: zeros go out while the reply comes in, into the same buffer.
        transfer.tx_buf = (uint64_t)(uintptr_t)(bytes + done);
        transfer.rx_buf = (uint64_t)(uintptr_t)(bytes + done);
        transfer.len = (uint32_t)length;
        transfer.speed_hz = hertz;
        transfer.bits_per_word = 8;
        if (ioctl(fd, SPI_IOC_MESSAGE(1), &transfer) < 0) return fail(errno, message, size, "SPI_IOC_MESSAGE on", "spidev");
    }
    return 0;
}

static int request(const char *chip, const uint32_t *lines, size_t count, uint64_t flags, const uint8_t *initial,
                   uint32_t debounce_us, int *fd, char *message, size_t size) {
    if (count == 0 || count > GPIO_V2_LINES_MAX) return fail(EINVAL, message, size, "request lines of", chip);
    int c = open(chip, O_RDWR | O_CLOEXEC);
    if (c < 0) return fail(errno, message, size, "open", chip);
    struct gpio_v2_line_request req;
    memset(&req, 0, sizeof req);
    for (size_t i = 0; i < count; i++) req.offsets[i] = lines[i];
    req.num_lines = (uint32_t)count;
    snprintf(req.consumer, sizeof req.consumer, "lockscreend");
    req.config.flags = flags;
    if (initial) {
        uint64_t values = 0, mask = 0;
        for (size_t i = 0; i < count; i++) {
            mask |= 1ULL << i;
            if (initial[i]) values |= 1ULL << i;
        }
        req.config.num_attrs = 1;
        req.config.attrs[0].attr.id = GPIO_V2_LINE_ATTR_ID_OUTPUT_VALUES;
        req.config.attrs[0].attr.values = values;
        req.config.attrs[0].mask = mask;
    }
    if (debounce_us) {
        struct gpio_v2_line_config_attribute *attribute = &req.config.attrs[req.config.num_attrs++];
        attribute->attr.id = GPIO_V2_LINE_ATTR_ID_DEBOUNCE;
        attribute->attr.debounce_period_us = debounce_us;
        attribute->mask = count >= 64 ? ~0ULL : (1ULL << count) - 1;
    }
    int result = ioctl(c, GPIO_V2_GET_LINE_IOCTL, &req);
    int error = errno;
    close(c);
    if (result < 0) {
        char what[64];
        snprintf(what, sizeof what, "request line %u of", lines[0]);
        return fail(error, message, size, what, chip);
    }
    *fd = req.fd;
    return 0;
}

int CEPaperBus_gpio_outputs(const char *chip, const uint32_t *lines, const uint8_t *initial, size_t count, int *fd, char *message, size_t size) {
    return request(chip, lines, count, GPIO_V2_LINE_FLAG_OUTPUT, initial, 0, fd, message, size);
}

int CEPaperBus_gpio_input(const char *chip, uint32_t line, int *fd, char *message, size_t size) {
    return request(chip, &line, 1, GPIO_V2_LINE_FLAG_INPUT | GPIO_V2_LINE_FLAG_EDGE_RISING | GPIO_V2_LINE_FLAG_EDGE_FALLING, NULL, 0, fd, message, size);
}

int CEPaperBus_gpio_buttons(const char *chip, const uint32_t *lines, size_t count, uint32_t debounce_us, int *fd, char *message, size_t size) {
    // Keys pull the line to ground: pulled up, a press is a falling edge.
    return request(chip, lines, count, GPIO_V2_LINE_FLAG_INPUT | GPIO_V2_LINE_FLAG_BIAS_PULL_UP | GPIO_V2_LINE_FLAG_EDGE_FALLING, NULL,
                   debounce_us, fd, message, size);
}

int CEPaperBus_gpio_read_event(int fd, uint32_t *line, uint64_t *nanoseconds, char *message, size_t size) {
    struct gpio_v2_line_event event;
    ssize_t n;
    do {
        n = read(fd, &event, sizeof event);
    } while (n < 0 && errno == EINTR);
    if (n != (ssize_t)sizeof event) return fail(n < 0 ? errno : EIO, message, size, "read an edge of", "GPIO keys");
    *line = event.offset;
    *nanoseconds = event.timestamp_ns;
    return 0;
}

int CEPaperBus_stopper_open(int *fd, char *message, size_t size) {
    int f = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
    if (f < 0) return fail(errno, message, size, "create", "an eventfd");
    *fd = f;
    return 0;
}

void CEPaperBus_stopper_signal(int fd) {
    uint64_t one = 1;
    while (write(fd, &one, sizeof one) < 0 && errno == EINTR) {}
}

int CEPaperBus_gpio_wait_event(int fd, int stopper, uint32_t *line, uint64_t *nanoseconds, char *message, size_t size) {
    struct pollfd p[2] = {{.fd = fd, .events = POLLIN}, {.fd = stopper, .events = POLLIN}};
    int ready;
    do {
        ready = poll(p, 2, -1);
    } while (ready < 0 && errno == EINTR);
    if (ready < 0) return fail(errno, message, size, "poll", "GPIO keys");
    if (p[1].revents) return ECANCELED;
    return CEPaperBus_gpio_read_event(fd, line, nanoseconds, message, size);
}

int CEPaperBus_i2c_read(const char *path, uint16_t address, uint16_t offset, uint8_t *bytes, size_t count, char *message, size_t size) {
    int f = open(path, O_RDWR | O_CLOEXEC);
    if (f < 0) return fail(errno, message, size, "open", path);
    // The EEPROM's two address bytes, then a repeated start and the read.
    uint8_t where[2] = {(uint8_t)(offset >> 8), (uint8_t)(offset & 0xFF)};
    struct i2c_msg messages[2] = {
        {.addr = address, .flags = 0, .len = 2, .buf = where},
        {.addr = address, .flags = I2C_M_RD, .len = (uint16_t)count, .buf = bytes},
    };
    struct i2c_rdwr_ioctl_data data = {.msgs = messages, .nmsgs = 2};
    int result = ioctl(f, I2C_RDWR, &data);
    int error = errno;
    close(f);
    if (result < 0) return fail(error, message, size, "I2C_RDWR on", path);
    return 0;
}

int CEPaperBus_gpio_set(int fd, uint64_t mask, uint64_t values, char *message, size_t size) {
    struct gpio_v2_line_values v = {.bits = values, .mask = mask};
    if (ioctl(fd, GPIO_V2_LINE_SET_VALUES_IOCTL, &v) < 0) return fail(errno, message, size, "set", "GPIO lines");
    return 0;
}

int CEPaperBus_gpio_get(int fd, int *value, char *message, size_t size) {
    struct gpio_v2_line_values v = {.bits = 0, .mask = 1};
    if (ioctl(fd, GPIO_V2_LINE_GET_VALUES_IOCTL, &v) < 0) return fail(errno, message, size, "read", "GPIO line");
    *value = (int)(v.bits & 1);
    return 0;
}

int CEPaperBus_gpio_wait_edge(int fd, int milliseconds, char *message, size_t size) {
    struct pollfd p = {.fd = fd, .events = POLLIN};
    int ready;
    do {
        ready = poll(&p, 1, milliseconds);
    } while (ready < 0 && errno == EINTR);
    if (ready < 0) return fail(errno, message, size, "poll", "GPIO line");
    if (ready == 0) return ETIMEDOUT;
    struct gpio_v2_line_event event;
    if (read(fd, &event, sizeof event) != (ssize_t)sizeof event) return fail(errno ? errno : EIO, message, size, "read an edge of", "GPIO line");
    return 0;
}

int CEPaperBus_gpio_chip_label(const char *chip, char *label, size_t label_size, char *message, size_t size) {
    int c = open(chip, O_RDONLY | O_CLOEXEC);
    if (c < 0) return fail(errno, message, size, "open", chip);
    struct gpiochip_info info;
    int result = ioctl(c, GPIO_GET_CHIPINFO_IOCTL, &info);
    int error = errno;
    close(c);
    if (result < 0) return fail(error, message, size, "GPIO_GET_CHIPINFO on", chip);
    snprintf(label, label_size, "%s", info.label);
    return 0;
}

void CEPaperBus_delay(uint32_t microseconds) {
    struct timespec t = {.tv_sec = microseconds / 1000000, .tv_nsec = (long)(microseconds % 1000000) * 1000};
    while (nanosleep(&t, &t) < 0 && errno == EINTR) {}
}
