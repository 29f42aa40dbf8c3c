import Accessory
import Canvas
import ControlProtocol
import FoundationEssentials
import LockScreenModel
import ZoneInfo

/// Lays out and draws each part of the lock screen into its rectangle of the frame.
/// A slot is drawn alone (background cleared, then its views), so only slots whose
/// content changed need drawing.
package struct LockScreenRenderer: Sendable {
    package var layout: LockScreenLayout
    package var face = ClockFace()
    package var renderingMode: WidgetRenderingMode = .vibrant
    /// The machine's zone as last seen, shown while the face follows it.
    package var machineZone: ZoneRules = .local
    /// The zone the clock and the widgets show: the face's, else the machine's.
    package var timeZone: ZoneRules { face.timeZone ?? machineZone }
    /// Directories where `Image("name")` finds name.png.
    package var imageDirectories: [String] = []
    /// Toggles' states chosen by taps not yet confirmed, by control id.
    package var controlStates: [String: Bool] = [:]
    /// The control keys have focused, by id.
    package var focusedControl: String?
    /// The inks of the panel drawn for, when it has few (e-paper): pictures are
    /// error-diffused over them as they are drawn. Nil for a colour screen.
    package var pictureInks: PictureInks?

    package init(layout: LockScreenLayout) {
        self.layout = layout
    }

    /// The frame's background: black on the dark appearance, white on light.
    package var background: RGBA { face.colorScheme == .dark ? .black : .white }

    /// The environment a widget of `family` is drawn in at `now`.
    package func environment(family: WidgetFamily, now: Date, placeholder: Bool = false) -> EnvironmentValues {
        var env = EnvironmentValues()
        env.widgetFamily = family
        // The lock screen's families share its rendering mode; home-screen ones keep colour.
        env.widgetRenderingMode = WidgetFamily.accessoryFamilies.contains(family) ? renderingMode : .fullColor
        env.colorScheme = face.colorScheme
        env.zone = timeZone
        env.uses24HourClock = face.uses24HourClock
        env.dateLanguage = face.dateLanguage
        env.now = now
        env.displayScale = layout.scale
        env.imageDirectories = imageDirectories
        env.isLuminanceReduced = true
        env.controlStates = controlStates
        env.focusedControl = focusedControl
        if placeholder { env.redactionReasons = [.placeholder] }
        return env
    }

    /// The rectangle of a slot in pixels, if the layout gives it one.
    package func rect(of slot: SlotID, rowFamilies: [WidgetFamily]) -> Rect? {
        switch slot {
        case .dateLine: layout.dateLine
        case .clock: layout.clock
        case let .unit(n): n < rowFamilies.count ? layout.unitRects(for: rowFamilies)[n] : nil
        case .home, .photo, .band: nil
        }
    }

    /// The date line: "Sun 22 Nov" and the inline widget after it, centred together.
    package func placeDateLine(now: Date, inline: RenderableEntry?, inlinePlaceholder: Bool = false, staleMark: StaleMark = .none) -> PlacedView {
        let size = Size(width: layout.dateLine.width / layout.scale, height: LockScreenLayout.Points.dateLine)
        let date = RenderableEntry(date: now) {
            Text(now, style: .lockScreenDate).font(.system(size: 16, weight: .semibold)).lineLimit(1)
        }.place(size: size, environment: environment(family: .accessoryInline, now: now))
        let dateContent = date.contentFrame
        var parts = [date]
        var width = dateContent.width
        if let inline {
            let gap = 8.0
            let budget = min(WidgetFamily.accessoryInline.referenceSize.width, size.width - width - gap)
            if budget > 16 {
                let placed = inline.place(
                    size: Size(width: budget, height: size.height),
                    environment: environment(family: .accessoryInline, now: now, placeholder: inlinePlaceholder))
                let content = placed.contentFrame
                if content.width > 0 {
                    // The stale dot goes just after the inline text, not over it.
                    let markWidth = staleMark == .dot ? Self.staleDot + 3 : 0
                    let bounds = Rect(x: content.minX, y: content.minY, width: content.width + markWidth, height: content.height)
                    parts.append(Self.mark(placed, with: staleMark, at: bounds).offsetBy(dx: width + gap, dy: 0))
                    width += gap + bounds.width
                }
            }
        }
        let shift = (size.width - width) / 2 - dateContent.minX
        return PlacedView(frame: Rect(origin: .zero, size: size), children: parts.map { $0.offsetBy(dx: shift, dy: 0) }, name: "DateLine")
    }

    /// The big clock, filling its slot's height and shrinking to fit its width.
    package func placeClock(now: Date) -> PlacedView {
        let size = Size(width: layout.clock.width / layout.scale, height: layout.clock.height / layout.scale)
        // Inter's line box is about 1.21 em; the digits' cap height about 0.73 em.
        let fontSize = size.height / 1.21
        return RenderableEntry(date: now) {
            Text(now, style: .lockScreenClock)
                .font(face.clockFont.map { .custom($0, size: fontSize) } ?? .system(size: fontSize, weight: .semibold)).monospacedDigit()
                .lineLimit(1).minimumScaleFactor(0.3)
        }.place(size: size, environment: environment(family: .accessoryRectangular, now: now))
    }

    /// A widget of the row in its family's size.
    package func placeUnit(_ entry: RenderableEntry, family: WidgetFamily, now: Date, placeholder: Bool = false, staleMark: StaleMark = .none) -> PlacedView {
        let placed = entry.place(size: family.referencePointSize, environment: environment(family: family, now: now, placeholder: placeholder))
        return Self.mark(placed, with: staleMark, at: placed.frame)
    }

    /// The photo page's widget over the whole panel, in colour.
    package func placePage(_ entry: RenderableEntry, now: Date, placeholder: Bool = false, staleMark: StaleMark = .none) -> PlacedView {
        let size = Size(width: Double(layout.width) / layout.scale, height: Double(layout.height) / layout.scale)
        let placed = entry.placePage(size: size, environment: environment(family: .systemExtraLarge, now: now, placeholder: placeholder))
        return Self.mark(placed, with: staleMark, at: placed.frame)
    }

    /// The diameter of the stale dot, in points.
    static let staleDot = 6.0

    /// Marks a widget as stale: a dot at the top-right corner of `bounds`, or dimmed.
    static func mark(_ placed: PlacedView, with mark: StaleMark, at bounds: Rect) -> PlacedView {
        switch mark {
        case .none:
            return placed
        case .dim:
            return PlacedView(frame: placed.frame, content: .opacity(0.5), children: [placed], name: "Stale")
        case .dot:
            let d = staleDot
            let dot = PlacedView(frame: Rect(x: bounds.maxX - d, y: bounds.minY, width: d, height: d), content: .fill(.circle, RGBA(white: 0.5)), name: "StaleDot")
            return PlacedView(frame: placed.frame, children: [placed, dot], name: "Stale")
        }
    }

    /// Clears `rect` (pixels) to the background and draws `placed` (points) in it, at
    /// `scale` pixels a point (the lock screen's when nil); only inside `part` when
    /// given, the rest of `rect` left as it is.
    package func draw(_ placed: PlacedView, in rect: Rect, into frame: inout Frame, scale: Double? = nil, fullColor: Bool = false, within part: PixelRect? = nil) {
        let bg = background
        let whole = rect.integral.intersection(frame.bounds)
        let pixels = part.map { whole.intersection($0) } ?? whole
        frame.draw { canvas in
            canvas.withSavedState { canvas in
                canvas.clip(to: Rect(x: Double(pixels.x), y: Double(pixels.y), width: Double(pixels.width), height: Double(pixels.height)))
                canvas.fill(Rect(x: Double(pixels.x), y: Double(pixels.y), width: Double(pixels.width), height: Double(pixels.height)), color: bg)
            }
        }
        // Vibrant: everything on the lock screen is one luminance channel, emoji and
        // pictures included, as iOS shows them; a home-screen family keeps its colours.
        // Its pictures are diffused over the panel's greys alone, which stay themselves.
        let greyed = renderingMode == .vibrant && !fullColor && placed.mayHoldOwnColour
        placed.draw(into: &frame, at: rect.origin, scale: scale ?? layout.scale, clip: pixels, pictureInks: greyed ? pictureInks?.achromatic : pictureInks)
        if greyed {
            frame.desaturate(pixels)
        }
    }

    /// A frame filled with the background.
    package func blankFrame() -> Frame {
        Frame(width: layout.width, height: layout.height, fill: face.colorScheme == .dark ? 0 : 255)
    }
}

extension LockScreenRenderer {
    /// A renderer for drawing one widget as `preview` and `WidgetSnapshot` do: at the
    /// scale of a lock screen `width`×`height` (800×480 by default: about 2.1 pixels a
    /// point), in `colorScheme` and `timeZone`, pictures diffused over `pictureInks` when a
    /// panel's are given, images found in the resource folders SwiftPM puts beside the
    /// program.
    package static func preview(colorScheme: ColorScheme, timeZone: ZoneRules, width: Int = 800, height: Int = 480, pictureInks: PictureInks? = nil) -> LockScreenRenderer {
        var renderer = LockScreenRenderer(layout: LockScreenLayout(width: width, height: height))
        renderer.pictureInks = pictureInks
        renderer.face.colorScheme = colorScheme
        renderer.face.timeZone = timeZone
        renderer.imageDirectories = PackageResources.running
        return renderer
    }
}
