// Prints, one per line as NAME VALUE, every kernel request number the daemon sends and
// the size and offsets of every struct it hands the kernel or reads from it, as the
// target's own headers define them. Tests/arm/run.py builds it for x86_64, aarch64 and
// armhf, runs the ARM ones under qemu-user, and compares.
#define _GNU_SOURCE
#include "CFramebuffer.h"
#include "epaper_bus.h"

#include <linux/gpio.h>
#include <linux/i2c-dev.h>
#include <linux/i2c.h>
#include <linux/input.h>
#include <linux/spi/spidev.h>
#include <drm.h>
#include <drm_mode.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <time.h>

#define NUMBER(name, value) printf("%s 0x%lx\n", name, (unsigned long)(value))
#define SIZE(type) printf("sizeof(%s) %zu\n", #type, sizeof(type))
#define OFFSET(type, field) printf("offsetof(%s, %s) %zu\n", #type, #field, offsetof(type, field))

int main(void) {
    // The constants Swift reads from CFramebuffer (fbdev, the console, DRM dumb buffers, mxcfb).
    NUMBER("FBIOGET_VSCREENINFO", CFramebuffer_FBIOGET_VSCREENINFO);
    NUMBER("FBIOPUT_VSCREENINFO", CFramebuffer_FBIOPUT_VSCREENINFO);
    NUMBER("FBIOGET_FSCREENINFO", CFramebuffer_FBIOGET_FSCREENINFO);
    NUMBER("FBIOPAN_DISPLAY", CFramebuffer_FBIOPAN_DISPLAY);
    NUMBER("KDSETMODE", CFramebuffer_KDSETMODE);
    NUMBER("KDGETMODE", CFramebuffer_KDGETMODE);
    NUMBER("DRM_IOCTL_MODE_CREATE_DUMB", CFramebuffer_DRM_IOCTL_MODE_CREATE_DUMB);
    NUMBER("DRM_IOCTL_MODE_MAP_DUMB", CFramebuffer_DRM_IOCTL_MODE_MAP_DUMB);
    NUMBER("DRM_IOCTL_MODE_DESTROY_DUMB", CFramebuffer_DRM_IOCTL_MODE_DESTROY_DUMB);
    NUMBER("MXCFB_SEND_UPDATE", CFramebuffer_MXCFB_SEND_UPDATE);
    NUMBER("MXCFB_SEND_UPDATE_KOBO", CFramebuffer_MXCFB_SEND_UPDATE_KOBO);
    NUMBER("MXCFB_SEND_UPDATE_KINDLE", CFramebuffer_MXCFB_SEND_UPDATE_KINDLE);
    NUMBER("MXCFB_WAIT_FOR_UPDATE_COMPLETE", CFramebuffer_MXCFB_WAIT_FOR_UPDATE_COMPLETE);
    NUMBER("MXCFB_WAIT_FOR_UPDATE_COMPLETE_V2", CFramebuffer_MXCFB_WAIT_FOR_UPDATE_COMPLETE_V2);
    // The requests CEPaperBus makes inside C: spidev, GPIO character devices, I2C, evdev.
    NUMBER("SPI_IOC_WR_MODE", SPI_IOC_WR_MODE);
    NUMBER("SPI_IOC_WR_BITS_PER_WORD", SPI_IOC_WR_BITS_PER_WORD);
    NUMBER("SPI_IOC_WR_MAX_SPEED_HZ", SPI_IOC_WR_MAX_SPEED_HZ);
    NUMBER("SPI_IOC_MESSAGE(1)", SPI_IOC_MESSAGE(1));
    NUMBER("GPIO_GET_CHIPINFO_IOCTL", GPIO_GET_CHIPINFO_IOCTL);
    NUMBER("GPIO_V2_GET_LINE_IOCTL", GPIO_V2_GET_LINE_IOCTL);
    NUMBER("GPIO_V2_LINE_SET_VALUES_IOCTL", GPIO_V2_LINE_SET_VALUES_IOCTL);
    NUMBER("GPIO_V2_LINE_GET_VALUES_IOCTL", GPIO_V2_LINE_GET_VALUES_IOCTL);
    NUMBER("I2C_RDWR", I2C_RDWR);
    NUMBER("EVIOCGBIT(EV_ABS)", EVIOCGBIT(EV_ABS, (ABS_CNT + 7) / 8));
    NUMBER("EVIOCGABS(ABS_X)", EVIOCGABS(ABS_X));
    NUMBER("EVIOCGNAME(79)", EVIOCGNAME(79));
    NUMBER("EVIOCGPROP(1)", EVIOCGPROP(1));
    NUMBER("EVIOCSCLOCKID", EVIOCSCLOCKID);
    NUMBER("CLOCK_MONOTONIC", CLOCK_MONOTONIC);
    // What those requests carry.
    SIZE(struct fb_var_screeninfo);
    SIZE(struct fb_fix_screeninfo);
    OFFSET(struct fb_fix_screeninfo, smem_len);
    OFFSET(struct fb_fix_screeninfo, line_length);
    SIZE(struct drm_mode_create_dumb);
    SIZE(struct drm_mode_map_dumb);
    SIZE(struct CFramebuffer_mxcfb_update_data);
    SIZE(struct CFramebuffer_mxcfb_update_data_kobo);
    OFFSET(struct CFramebuffer_mxcfb_update_data_kobo, alt_buffer_data);
    SIZE(struct CFramebuffer_mxcfb_update_data_kindle);
    SIZE(struct CFramebuffer_mxcfb_update_marker_data);
    SIZE(struct spi_ioc_transfer);
    SIZE(struct gpio_v2_line_request);
    SIZE(struct gpio_v2_line_values);
    SIZE(struct gpio_v2_line_event);
    SIZE(struct gpiochip_info);
    SIZE(struct i2c_msg);
    SIZE(struct i2c_rdwr_ioctl_data);
    SIZE(struct input_event);
    SIZE(struct input_absinfo);
    SIZE(struct CEPaperBus_input_event);
    SIZE(struct CEPaperBus_touch_info);
    SIZE(time_t);
    SIZE(long);
    return 0;
}
