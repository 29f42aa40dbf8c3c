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
        let levels = greyLevels(of: update)
        let whole = PixelRect(x: 0, y: 0, width: width, height: height)
        try address(whole)
        try link.send(command: Command.writeBlackWhiteRAM)
        try link.sendData(plane(levels) { greys.bits[$0].blackWhite })
        try address(whole)
        try link.send(command: Command.writePreviousRAM)
        try link.sendData(plane(levels) { greys.bits[$0].previous })
        try link.send(command: Command.displayUpdateControl2, data: [greys.sequence])
        try link.send(command: Command.masterActivation)
        try link.waitUntilIdle(timeout: busyTimeout)
        tally.refreshed(full: true, model: model)
        // Both RAMs then hold the glass as black and white (dark greys black, light ones
        // white), as after a black-and-white refresh: a partial refresh drives only the
        // pixels its windows change, and the greys elsewhere stay.
        let shown = plane(levels) { $0 >= 2 ? 1 : 0 }
        for ram in [Command.writeBlackWhiteRAM, Command.writePreviousRAM] {
            try address(whole)
            try link.send(command: ram)
            try link.sendData(shown)
        }
        shownPlane = shown
        greyMask = plane(levels) { $0 == 1 || $0 == 2 ? 1 : 0 }
    }

    /// Before a partial refresh of `windows` (RAM 0x24 holding their new pixels): where a
    /// window covers pixels that show a grey, RAM 0x26 gets the opposite of their new
    /// value, so the refresh drives them to it; a light grey becoming white would
    /// otherwise stay light grey, its two RAM bits alike. The rest of 0x26 is as it was.
    func markGreysChanging(in windows: [PixelRect]) throws(DisplayError) {
        guard let mask = greyMask, let shown = shownPlane else { return }
        let rowBytes = (width + 7) / 8
        for window in windows where window.width > 0 && window.height > 0 {
            let first = window.x / 8, last = (window.x + window.width - 1) / 8
            var bytes: [UInt8] = []
            var greysHere = false
            for row in window.y..<(window.y + window.height) {
                for byte in first...last {
                    let i = row * rowBytes + byte, new = pixels[row * stride + byte]
                    greysHere = greysHere || mask[i] != 0
                    bytes.append((shown[i] & ~mask[i]) | (~new & mask[i]))
                }
            }
            guard greysHere else { continue }
            try address(window)
            try link.send(command: Command.writePreviousRAM)
            try link.sendData(bytes)
        }
    }

    /// After a partial refresh: the windows show their new pixels, black and white.
    func forgetGreys(in windows: [PixelRect]) {
        guard shownPlane != nil else { return }
        let rowBytes = (width + 7) / 8
        for window in windows where window.width > 0 && window.height > 0 {
            for row in window.y..<(window.y + window.height) {
                for byte in (window.x / 8)...((window.x + window.width - 1) / 8) {
                    shownPlane?[row * rowBytes + byte] = pixels[row * stride + byte]
                    greyMask?[row * rowBytes + byte] = 0
                }
            }
        }
    }

    /// Each device pixel's grey, 0 (black) to 3 (white): the frame turned onto the glass
    /// and converted to four greys as the panel conversion dithers.
    private func greyLevels(of update: PanelUpdate) -> [UInt8] {
        var grey = [UInt8](repeating: 255, count: width * height)
        grey.withUnsafeMutableBytes { buffer in
            _ = PixelConverter.convert(update.frame, rect: update.frame.bounds, to: .gray8, into: buffer, stride: width, rotation: update.rotation, grayLevels: 4)
        }
        return grey.map { $0 / 85 }
    }

    /// A RAM plane of `levels`, each pixel's bit chosen by `bit`, the leftmost in the high bit.
    private func plane(_ levels: [UInt8], bit: (Int) -> UInt8) -> [UInt8] {
        let rowBytes = (width + 7) / 8
        var bytes = [UInt8](repeating: 0, count: rowBytes * height)
        for y in 0..<height {
            for x in 0..<width where bit(Int(levels[y * width + x])) != 0 {
                bytes[y * rowBytes + x / 8] |= 0x80 >> UInt8(x % 8)
            }
        }
        return bytes
    }
}
