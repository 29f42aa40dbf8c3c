import FoundationEssentials
import LockScreenModel
import Logging
import Panel
import PanelOptions

extension OutputOptions {
    /// Opens the device. A headless output is `width`×`height` as the picture is seen;
    /// devices have their own size.
    package func open(width: Int, height: Int, logger: Logger) throws(DisplayError) -> PanelDisplay {
        let device: any PanelDevice
        switch target {
        case let .headless(directory, format, png):
            let size = rotation.deviceSize(width: width, height: height)
            device = try HeadlessDevice(directory: directory, width: size.width, height: size.height, format: format, writesPNG: png)
        case let .framebuffer(path, format, epdc):
            var console: ConsoleMode?
            if !keepsConsole {
                do {
                    console = try ConsoleMode()
                } catch {
                    logger.warning("cannot switch the console to graphics mode (\(error)); its cursor may show over the widgets. --keep-console silences this")
                }
            }
            device = try FramebufferDevice(path: path, format: format, console: console, epdc: epdc)
        case let .drm(path, connector, mode):
            device = try DRMDevice(path: path, connector: connector, mode: mode)
        case let .epd(options):
            device = try options.open()
        }
        let display = PanelDisplay(device: device, rotation: rotation, eink: eink)
        if case let .epd(options) = target { display.saturation = options.saturation }
        if let backlight { display.backlight = try Backlight(directory: backlight) }
        return display
    }
}

extension EPDOptions {
    /// Opens the bus and the driver: for "inky", the EEPROM says which model first.
    package func open() throws(DisplayError) -> any EPDDevice {
        let model: EPDModel
        if let chosen = self.model { model = chosen } else { model = try InkyEEPROM.read(bus: i2c).model }
        let link = try SPILink(spi: spi, gpiochip: gpiochip, pins: pins, hertz: model.spiHertz, busyWhenHigh: model.busyWhenHigh)
        do {
            return try model.makeDevice(link: link, vcom: vcom)
        } catch {
            link.close()
            throw error
        }
    }
}

extension OutputOptions {
    /// The screen's sleep as `[display] off` and `wake_for` set it.
    package var screenPower: ScreenPower { ScreenPower(schedule: off, wakeFor: wakeFor ?? 60) }
}
