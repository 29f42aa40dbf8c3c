// What real apps' widget files reach for beside WidgetKit: UIKit's colours, images and
// fonts through `import SwiftUI`, colours by name from the asset catalog, shapes by their
// `Shape` names, text details, an entity query with iOS 18's collections, and an intent
// that opens an address.
import AppIntents
import SwiftUI
import WidgetKit

enum Palette {
    static let warning = Color(uiColor: .systemOrange)
    static let alarm = Color(uiColor: UIColor(named: "AlarmRed") ?? .systemRed)
    static let calm = Color(UIColor(hue: 0.55, saturation: 0.6, brightness: 0.9, alpha: 1))
    /// The app's brand colour from its asset catalog.
    static let brand = Color("BrandBlue")

    /// The components a chart library wants.
    static func components(_ color: UIColor) -> (red: CGFloat, green: CGFloat, blue: CGFloat) {
        var red: CGFloat = 0, green: CGFloat = 0, blue: CGFloat = 0, alpha: CGFloat = 0
        color.getRed(&red, green: &green, blue: &blue, alpha: &alpha)
        return (red, green, blue)
    }
}

struct BadgeView: View {
    let count: Int
    let thumbnail: Data?

    private var size: CGFloat { UIFontMetrics(forTextStyle: .body).scaledValue(for: 14) }
    private var titleFont: Font { Font(UIFont.systemFont(ofSize: 12, weight: .semibold)) }
    private var pixelsPerPoint: CGFloat { UIScreen.main.scale }

    var body: some View {
        HStack(spacing: 6) {
            if let thumbnail, let image = UIImage(data: thumbnail) {
                Image(uiImage: image).resizable().frame(width: 20, height: 20)
            } else if let logo = UIImage(named: "AppLogo") ?? UIImage(systemName: "bell.fill") {
                Image(uiImage: logo)
            }
            Text("\(count)")
                .font(Font(UIFont.monospacedDigitSystemFont(ofSize: size, weight: .bold)))
                .padding(4)
                .background(Palette.warning, in: .circle)
                .fixedSize()
            Text("new")
                .font(titleFont)
                .kerning(1)
                .fontWidth(Font.Width.expanded)
                .background(Palette.alarm, in: .capsule)
                .background(.clear, in: .rect(cornerRadius: 4))
                .fixedSize(horizontal: true, vertical: false)
            Text("unread since yesterday")
                .font(.caption)
                .allowsTightening(true)
                .strikethrough(count == 0)
                .accessibilityElement(children: .combine)
                .accessibilityValue("\(count) unread")
        }
        .frame(maxWidth: UIScreen.main.bounds.width)
    }
}

struct FolderEntity: AppEntity {
    static let typeDisplayRepresentation = TypeDisplayRepresentation(name: "Folder")
    static let defaultQuery = FolderQuery()

    var id: String
    var displayRepresentation: DisplayRepresentation {
        DisplayRepresentation(title: "\(id)", image: .init(systemName: "folder"))
    }
}

struct FolderQuery: EntityQuery, EntityStringQuery {
    static let all = ["Inbox", "Work", "Family"]

    func entities(for identifiers: [String]) async throws -> [FolderEntity] {
        identifiers.filter(Self.all.contains).map(FolderEntity.init(id:))
    }

    func entities(matching string: String) async throws -> IntentItemCollection<FolderEntity> {
        .init(items: Self.all.filter { $0.localizedCaseInsensitiveContains(string) }.map(FolderEntity.init(id:)))
    }

    func suggestedEntities() async throws -> IntentItemCollection<FolderEntity> {
        .init(sections: [IntentItemSection("Folders", items: Self.all.map(FolderEntity.init(id:)))])
    }
}

struct OpenFolderIntent: AppIntent {
    static let title: LocalizedStringResource = "Open folder"
    static let openAppWhenRun = true

    @Parameter(title: "Folder")
    var folder: FolderEntity?

    func perform() async throws -> some IntentResult & OpensIntent {
        guard let folder else { throw AppIntentError.restartPerform }
        EnvironmentValues().openURL(URL(string: "mail://folder/\(folder.id)")!)
        return .result()
    }
}
