extension UC8179Device {
    /// A full refresh in four greys, as Waveshare's `init_4Gray` and `display_4Gray` drive
    /// the 7.5" V2: the interval that copies nothing, the booster's stronger drive, the
    /// temperature forced to the one that selects the OTP's 4-grey waveform, one bit of each
    /// pixel's grey in each image, the refresh. The partial refreshes after it drive the
    /// greys their windows cover (`EPDGreyGlass`).
    func showGreys(_ update: PanelUpdate) throws(DisplayError) {
        try link.send(command: Command.vcomAndDataInterval, data: Self.greyInterval)
        try link.send(command: Command.boosterSoftStart, data: Self.greyBooster)
        try link.send(command: Command.cascadeSetting, data: [0x02])
        try link.send(command: Command.forceTemperature, data: [Self.greyTemperature])
        temperatureForced = true
        let levels = EPDGreyGlass.levels(of: update, width: width, height: height)
        try link.send(command: Command.oldData)
        try link.sendData(EPDGreyGlass.plane(levels, width: width, height: height) { Self.greyBits[$0].old })
        try link.send(command: Command.newData)
        try link.sendData(EPDGreyGlass.plane(levels, width: width, height: height) { Self.greyBits[$0].new })
        try refresh()
        tally.refreshed(full: true, model: model)
        greyGlass = EPDGreyGlass(levels: levels, width: width, height: height)
    }
}
