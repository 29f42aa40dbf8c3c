import FoundationEssentials
import JSON
import LockScreenModel
import TOML

/// `[buttons]`: the keys on a HAT (Inky Impression's four, Waveshare 2.7"'s four, or
/// any switch between a GPIO and ground) and what each press does.
package struct ButtonsConfig: Sendable, Equatable {
    /// What a press does.
    package enum Action: Sendable, Equatable {
        /// The next widget of the stack holding the widget named so.
        case next(widget: String)
        /// Every widget asks its provider again (as `lockscreenctl reload`).
        case reload
        /// A full refresh of the panel, clearing its ghosts.
        case refresh
        /// The other page (lock or home).
        case page
        /// The focus to the next or previous control of the page's interactive widgets,
        /// or the focused control performed (`focus-next`, `focus-previous`, `activate`).
        case focus(FocusMove)
        /// A program, with its arguments; it gets the button's name in
        /// `LOCKSCREEND_BUTTON`, and is ended with its process group after 30 s.
        case command([String])
    }

    package struct Button: Sendable, Equatable {
        package var name: String
        /// The GPIO line (a BCM number on a Raspberry Pi).
        package var pin: UInt32
        package var action: Action
    }

    /// nil: the header's chip (the one labelled `pinctrl-…`).
    package var gpiochip: String?
    /// Presses closer together than this on one key are one press (contacts bounce).
    package var debounce: TimeInterval = 0.05
    package var buttons: [Button] = []

    /// The boards whose keys are named a, b, c, d (top to bottom), and their pins.
    package static let boards: [String: [String: UInt32]] = [
        "inky-impression": ["a": 5, "b": 6, "c": 16, "d": 24],
        "waveshare-2in7": ["a": 5, "b": 6, "c": 13, "d": 19],
    ]
}

extension LockScreenConfig {
    /// `[buttons]`: `board` names the keys' pins, `gpiochip`, `debounce_ms`; then a table
    /// a key: `pin` (unless the board names it), `action` and what the action needs.
    static func readButtons(_ table: TOMLTable, widgets: Set<String>, reader: inout ConfigReader) -> ButtonsConfig {
        let path = "buttons"
        var config = ButtonsConfig()
        let board = reader.choice(table, "board", at: path, from: ButtonsConfig.boards.keys.sorted())
        config.gpiochip = reader.string(table, "gpiochip", at: path)
        if let ms = reader.integer(table, "debounce_ms", at: path, in: 0...1_000) { config.debounce = TimeInterval(ms) / 1_000 }
        for entry in table.entries where !["board", "gpiochip", "debounce_ms"].contains(entry.key) {
            let key = "\(path).\(entry.key)"
            guard let button = entry.value.table else {
                reader.mismatch(entry.value, key, expected: "a table for the key: pin, action")
                continue
            }
            reader.rejectUnknown(button, known: ["pin", "action", "widget", "command"], at: key)
            let pin = reader.integer(button, "pin", at: key, in: 0...511).map(UInt32.init) ?? board.flatMap { ButtonsConfig.boards[$0]?[entry.key] }
            guard let pin else {
                let names = board.flatMap { ButtonsConfig.boards[$0]?.keys.sorted().joined(separator: ", ") }
                reader.report(button.line, key, names.map { "\(board!)'s keys are \($0); name one of them or give pin = N" } ?? "no pin: give pin = N (the GPIO line), or board = \"…\" in [buttons]")
                continue
            }
            guard button["action"] != nil else {
                reader.report(button.line, "\(key).action", "no action: one of next, reload, refresh, page, command, focus-next, focus-previous, activate")
                continue
            }
            let action: ButtonsConfig.Action?
            switch reader.choice(button, "action", at: key, from: ["next", "reload", "refresh", "page", "command", "focus-next", "focus-previous", "activate"]) {
            case "next":
                if let widget = reader.string(button, "widget", at: key) {
                    if widgets.contains(widget) {
                        action = .next(widget: widget)
                    } else {
                        let near = Spelling.nearest(widget, in: widgets.sorted()).map { " (did you mean '\($0)'?)" } ?? ""
                        reader.report(button["widget"]!.line, "\(key).widget", "no widget '\(widget)' on the screen\(near)")
                        action = nil
                    }
                } else {
                    reader.report(button.line, "\(key).widget", "action = \"next\" needs the widget whose stack turns: widget = \"name\"")
                    action = nil
                }
            case "command":
                action = reader.arguments(button, "command", at: key).map(ButtonsConfig.Action.command)
                if button["command"] == nil { reader.report(button.line, "\(key).command", "action = \"command\" needs command = [\"program\", \"argument\", …]") }
            case "reload": action = .reload
            case "refresh": action = .refresh
            case "page": action = .page
            case "focus-next": action = .focus(.next)
            case "focus-previous": action = .focus(.previous)
            case "activate": action = .focus(.activate)
            default: action = nil
            }
            if let action { config.buttons.append(ButtonsConfig.Button(name: entry.key, pin: pin, action: action)) }
        }
        let pins = config.buttons.map(\.pin)
        if Set(pins).count != pins.count { reader.report(table.line, path, "two keys on one pin: \(pins.map(String.init).joined(separator: ", "))") }
        return config
    }
}
