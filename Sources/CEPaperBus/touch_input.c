// Touch screens and tablets through evdev: capabilities by ioctl, events by read(2).
#include "epaper_bus.h"

#ifdef __linux__
#include <errno.h>
#include <fcntl.h>
#include <linux/input.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#define BITS_PER_LONG (sizeof(long) * 8)
#define NLONGS(n) (((n) + BITS_PER_LONG - 1) / BITS_PER_LONG)
static int has_bit(const unsigned long *bits, int bit) { return (bits[bit / BITS_PER_LONG] >> (bit % BITS_PER_LONG)) & 1; }

int CEPaperBus_touch_open(const char *path, struct CEPaperBus_touch_info *info, int *fd, char *message, size_t size) {
    int f = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (f < 0) {
        snprintf(message, size, "open %s: %s", path, strerror(errno));
        return errno;
    }
    unsigned long abs[NLONGS(ABS_CNT)] = {0}, keys[NLONGS(KEY_CNT)] = {0}, props[NLONGS(INPUT_PROP_CNT)] = {0};
    memset(info, 0, sizeof *info);
    if (ioctl(f, EVIOCGBIT(EV_ABS, sizeof abs), abs) < 0 || ioctl(f, EVIOCGBIT(EV_KEY, sizeof keys), keys) < 0) {
        int error = errno;
        snprintf(message, size, "%s is not an input device: %s", path, strerror(error));
        close(f);
        return error ? error : EINVAL;
    }
    ioctl(f, EVIOCGPROP(sizeof props), props);
    ioctl(f, EVIOCGNAME(sizeof info->name - 1), info->name);
    info->direct = has_bit(props, INPUT_PROP_DIRECT);
    info->multitouch = has_bit(abs, ABS_MT_POSITION_X) && has_bit(abs, ABS_MT_POSITION_Y);
    info->touch_key = has_bit(keys, BTN_TOUCH);
    info->left_key = has_bit(keys, BTN_LEFT);
    if (!has_bit(abs, ABS_X) || !has_bit(abs, ABS_Y) || !(info->touch_key || info->left_key)) {
        snprintf(message, size, "%s (%s) has no absolute X and Y with a touch or a button: not a touch screen", path, info->name);
        close(f);
        return ENOTTY;
    }
    struct input_absinfo x, y;
    if (ioctl(f, EVIOCGABS(ABS_X), &x) < 0 || ioctl(f, EVIOCGABS(ABS_Y), &y) < 0 || x.maximum <= x.minimum || y.maximum <= y.minimum) {
        snprintf(message, size, "%s (%s) gives no range for its axes", path, info->name);
        close(f);
        return EINVAL;
    }
    info->x_min = x.minimum; info->x_max = x.maximum;
    info->y_min = y.minimum; info->y_max = y.maximum;
    // Events stamped by the monotonic clock, not the wall clock evdev uses by default: a
    // press and its release are compared, and the wall clock can step back between them
    // (NTP at boot, a user setting the time). Kernels since 3.4 take it; on an older one
    // the stamps stay wall-clock and the tracker refuses a release before its press.
    int clock = CLOCK_MONOTONIC;
    info->monotonic = ioctl(f, EVIOCSCLOCKID, &clock) == 0;
    *fd = f;
    return 0;
}

int CEPaperBus_touch_wait(int fd, int stopper, struct CEPaperBus_input_event *events, size_t capacity, size_t *count, char *message, size_t size) {
    *count = 0;
    struct pollfd p[2] = {{.fd = fd, .events = POLLIN}, {.fd = stopper, .events = POLLIN}};
    int ready;
    do {
        ready = poll(p, 2, -1);
    } while (ready < 0 && errno == EINTR);
    if (ready < 0) {
        snprintf(message, size, "poll on the touch screen: %s", strerror(errno));
        return errno;
    }
    if (p[1].revents) return ECANCELED;
    if (p[0].revents & (POLLERR | POLLHUP | POLLNVAL)) return ENODEV;
    struct input_event raw[64];
    size_t want = capacity < 64 ? capacity : 64;
    ssize_t n = read(fd, raw, want * sizeof raw[0]);
    if (n < 0) {
        if (errno == EAGAIN || errno == EINTR) return 0;
        if (errno == ENODEV) return ENODEV;
        snprintf(message, size, "read from the touch screen: %s", strerror(errno));
        return errno;
    }
    size_t got = (size_t)n / sizeof raw[0];
    for (size_t i = 0; i < got; i++) {
        events[i].type = raw[i].type;
        events[i].code = raw[i].code;
        events[i].value = raw[i].value;
        events[i].microseconds = (uint64_t)raw[i].input_event_sec * 1000000u + (uint64_t)raw[i].input_event_usec;
    }
    *count = got;
    return 0;
}

int CEPaperBus_wait_readable(int fd, int stopper) {
    struct pollfd p[2] = {{.fd = fd, .events = POLLIN}, {.fd = stopper, .events = POLLIN}};
    int ready;
    do {
        ready = poll(p, 2, -1);
    } while (ready < 0 && errno == EINTR);
    if (ready < 0) return errno;
    return p[1].revents ? ECANCELED : 0;
}
#endif
