import Canvas

extension SSD1680Device {
    /// A full refresh in four greys (`SSD1680Greys`): the frame converted to the glass's
    /// four greys (pictures arrive diffused over them already), the vendor's set-up and
    /// waveform after a software reset, one bit of each pixel's grey in each RAM, the
    /// refresh; then both RAMs are given what the glass shows as black and white, for the
    /// partial refreshes that follow.
    func showGreys(_ update: PanelUpdate, _ greys: SSD1680Greys) throws(DisplayError) {
        try link.reset()
        asleep = false
        try link.waitUntilIdle(timeout: busyTimeout)
        try link.send(command: Command.softwareReset)
        try link.waitUntilIdle(timeout: busyTimeout)
        try setGeometry()
        for (command, data) in greys.setUp { try link.send(command: command, data: data) }
        try greys.waveform.load(on: link, busyTimeout: busyTimeout)
        initialised = true
        let levels = EPDGreyGlass.levels(of: update, width: width, height: height)
        let whole = PixelRect(x: 0, y: 0, width: width, height: height)
        try address(whole)
        try link.send(command: Command.writeBlackWhiteRAM)
        try link.sendData(EPDGreyGlass.plane(levels, width: width, height: height) { greys.bits[$0].blackWhite })
        try address(whole)
        try link.send(command: Command.writePreviousRAM)
        try link.sendData(EPDGreyGlass.plane(levels, width: width, height: height) { greys.bits[$0].previous })
        try link.send(command: Command.displayUpdateControl2, data: [greys.sequence])
        try link.send(command: Command.masterActivation)
        try link.waitUntilIdle(timeout: busyTimeout)
        tally.refreshed(full: true, model: model)
        // Both RAMs then hold the glass as black and white (dark greys black, light ones
        // white), as after a black-and-white refresh: a partial refresh drives only the
        // pixels its windows change, and the greys elsewhere stay.
        let glass = EPDGreyGlass(levels: levels, width: width, height: height)
        for ram in [Command.writeBlackWhiteRAM, Command.writePreviousRAM] {
            try address(whole)
            try link.send(command: ram)
            try link.sendData(glass.shown)
        }
        greyGlass = glass
    }
}
