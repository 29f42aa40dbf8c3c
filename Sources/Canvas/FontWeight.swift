/// The weight of a typeface, on the CSS/OpenType 100...900 scale that fontconfig uses.
package enum FontWeight: Int, Sendable, Hashable, CaseIterable, Codable {
    case thin = 100
    case ultraLight = 200
    case light = 300
    case regular = 400
    case medium = 500
    case semibold = 600
    case bold = 700
    case heavy = 800
    case black = 900
}
